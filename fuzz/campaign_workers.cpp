// A campaign's cases checked in worker processes that this process supervises (campaign_workers.hpp).
#include "fuzz/campaign_workers.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <new>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "interp/solver/session/stall_watch.hpp"
#include "fuzz/campaign_shards.hpp"

namespace symref::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::int64_t now_nanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

// Where the stall boards start in the memory the supervisor and its workers share, after the
// case claims: one board per worker slot.
constexpr std::size_t boards_offset = (sizeof(CaseClaims) + alignof(solver::StallBoard) - 1) / alignof(solver::StallBoard) * alignof(solver::StallBoard);

bool write_all(int descriptor, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(descriptor, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// The property a worker was checking when it last reported.
struct Running {
  std::uint64_t case_number = 0;
  std::uint64_t position = 0;  // of the case in the shard's order
  std::size_t property = 0;    // position among the chosen properties
  Clock::time_point since;
};

struct Worker {
  pid_t pid = -1;
  int channel = -1;  // the read end of its pipe; -1 once it is closed
  unsigned slot = 0;  // its stall board
  std::string pending;  // bytes read and not yet a whole line
  std::optional<Running> running;
  std::optional<nlohmann::json> end;  // its shard result, sent last
  std::optional<std::string> error;   // an exception that ended its campaign
  // Its first failure before shrinking: the failure if the worker is stopped while shrinking.
  std::optional<CampaignFailure> failing;
};

class Supervisor {
 public:
  explicit Supervisor(const CampaignOptions& options)
      : options_(options), jobs_(std::max(1u, options.jobs)), isolate_(options.settings.isolation_grace_milliseconds != 0) {
    properties_ = options.properties;
    if (properties_.empty())
      for (props::PropertyId id = 0; id < props::all_properties().size(); ++id) properties_.push_back(id);
    result_.tallies.resize(props::all_properties().size());
    if (options.coverage) result_.coverage.emplace();
    mapped_bytes_ = boards_offset + jobs_ * sizeof(solver::StallBoard);
    shared_ = ::mmap(nullptr, mapped_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared_ == MAP_FAILED) throw std::runtime_error("fuzz: cannot map memory for the worker processes");
    claims_ = new (shared_) CaseClaims;
    boards_ = static_cast<solver::StallBoard*>(static_cast<void*>(static_cast<char*>(shared_) + boards_offset));
    for (unsigned j = 0; j < jobs_; ++j) new (&boards_[j]) solver::StallBoard;
  }
  ~Supervisor() {
    for (Worker& worker : workers_) stop(worker);
    ::munmap(shared_, mapped_bytes_);
  }
  Supervisor(const Supervisor&) = delete;
  Supervisor& operator=(const Supervisor&) = delete;

  CampaignResult run() {
    started_ = Clock::now();
    last_progress_ = started_;
    for (unsigned j = 0; j < jobs_; ++j) start(j, std::nullopt);
    while (std::any_of(workers_.begin(), workers_.end(), [](const Worker& w) { return w.channel >= 0; })) {
      wait_for_lines();
      // By index: a replacement worker is appended.
      for (std::size_t w = 0; w < workers_.size(); ++w)
        if (workers_[w].channel >= 0 && stalled(workers_[w])) replace_stalled(w);
      report_progress(false);
    }
    report_progress(true);
    for (const Worker& worker : workers_)
      if (worker.error) throw std::runtime_error(*worker.error);
    result_.seconds = seconds_since(started_);
    std::sort(result_.case_records.begin(), result_.case_records.end(),
              [](const CaseRecord& a, const CaseRecord& b) { return a.number < b.number; });
    return result_;
  }

 private:
  // Forks a worker on stall board `slot`; `resume`: the case whose worker was stopped.
  void start(unsigned slot, std::optional<CampaignOptions::Resume> resume) {
    int channel[2];
    if (::pipe2(channel, O_CLOEXEC) != 0) throw std::runtime_error("fuzz: cannot make a pipe for a worker process");
    solver::StallBoard& board = boards_[slot];
    board.deadline.store(0);
    board.grace_milliseconds.store(options_.settings.isolation_grace_milliseconds);
    board.default_limit_milliseconds.store(options_.settings.timeout_milliseconds);
    board.simulated = options_.simulated_trouble;
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fuzz: cannot start a worker process");
    if (pid == 0) {
      ::close(channel[0]);
      run_worker(channel[1], board, resume);  // never returns
    }
    ::close(channel[1]);
    Worker worker;
    worker.pid = pid;
    worker.channel = channel[0];
    worker.slot = slot;
    workers_.push_back(std::move(worker));
  }

  // The worker: its part of the campaign, each case's results sent as they come, its shard
  // result last; then it leaves without the parent's clean-up.
  [[noreturn]] void run_worker(int channel, solver::StallBoard& board, std::optional<CampaignOptions::Resume> resume) {
    const std::function<void(std::string_view)> send = [channel](std::string_view line) {
      std::string text(line);
      text += '\n';
      if (!write_all(channel, text)) ::_exit(2);  // the supervisor is gone
    };
    CampaignOptions part = options_;
    part.jobs = 1;
    part.claims = claims_;
    part.progress = nullptr;  // the supervisor reports progress for all workers
    part.report_lines = &send;
    part.resume = resume;
    part.started = started_;
    if (isolate_) part.stall_board = &board;
    int status = 0;
    try {
      const CampaignResult result = run_campaign(part);
      send(nlohmann::json{{"end", shard_to_json(part, result, "")}}.dump());
    } catch (const std::exception& error) {
      send(nlohmann::json{{"error", error.what()}}.dump());
      status = 1;
    }
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    ::_exit(status);
  }

  // Reads what the workers sent, waiting at most until the earliest published deadline, the next
  // progress line or 100 ms (a check may start at any time).
  void wait_for_lines() {
    std::vector<pollfd> waits;
    std::int64_t wait_nanoseconds = 100'000'000;
    for (const Worker& worker : workers_) {
      if (worker.channel < 0) continue;
      waits.push_back(pollfd{worker.channel, POLLIN, 0});
      const std::int64_t deadline = boards_[worker.slot].deadline.load();
      if (deadline != 0) wait_nanoseconds = std::min(wait_nanoseconds, std::max<std::int64_t>(deadline - now_nanoseconds(), 0));
    }
    const int ready = ::poll(waits.data(), waits.size(), static_cast<int>(wait_nanoseconds / 1'000'000 + 1));
    if (ready <= 0) return;  // time passed (or a signal): the caller looks at the deadlines
    for (const pollfd& wait : waits) {
      if (wait.revents == 0) continue;
      for (Worker& worker : workers_) {
        if (worker.channel != wait.fd) continue;
        int status = 0;
        if (!read_chunk(worker, status)) ended(worker, status);
      }
    }
  }

  // Reads once from a worker's pipe and applies the whole lines; false at the pipe's end, when the
  // worker has exited: then it is reaped and `status` is its exit status.
  bool read_chunk(Worker& worker, int& status) {
    char buffer[16384];
    ssize_t n = ::read(worker.channel, buffer, sizeof buffer);
    while (n < 0 && errno == EINTR) n = ::read(worker.channel, buffer, sizeof buffer);
    if (n > 0) {
      worker.pending.append(buffer, static_cast<std::size_t>(n));
      std::size_t start = 0;
      for (std::size_t newline; (newline = worker.pending.find('\n', start)) != std::string::npos; start = newline + 1)
        apply(worker, nlohmann::json::parse(std::string_view(worker.pending).substr(start, newline - start)));
      worker.pending.erase(0, start);
      return true;
    }
    ::close(worker.channel);
    worker.channel = -1;
    while (::waitpid(worker.pid, &status, 0) < 0 && errno == EINTR) {
    }
    worker.pid = -1;
    return false;
  }

  // A worker that exited by itself: its result, or the failure of a worker that died without one.
  void ended(Worker& worker, int status) {
    if (worker.end) {
      const CampaignResult part = shard_from_json(worker.end->at("end"));
      result_.generation_seconds += part.generation_seconds;
      if (part.failure) keep_failure(*part.failure);
      return;
    }
    if (worker.error) return;  // rethrown when all workers are done
    died(worker, WIFSIGNALED(status) ? "died of signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")"
                                     : "exited with status " + std::to_string(WEXITSTATUS(status)) + " before its end");
  }

  // One line of a worker (Campaign::send), applied as the worker applied it to its own result.
  void apply(Worker& worker, const nlohmann::json& line) {
    if (line.contains("case")) {
      if (line.contains("record")) {
        result_.case_records.push_back(CaseRecord{line["case"].get<std::uint64_t>(), line["record"].get<std::uint64_t>()});
      } else if (line.contains("begin")) {
        worker.running = Running{line["case"].get<std::uint64_t>(), line["position"].get<std::uint64_t>(),
                                 line["begin"].get<std::size_t>(), Clock::now()};
      } else if (line.contains("failing")) {
        const nlohmann::json& violation = line["failing"];
        CampaignFailure failure;
        failure.property = violation.at("property").get<std::string>();
        failure.first_message = violation.at("message").get<std::string>();
        failure.message = failure.first_message + " (not shrunk: its worker process was stopped while shrinking)";
        failure.program = violation.at("program").get<std::string>();
        failure.input = violation.at("input").get<std::string>();
        failure.case_number = line["case"].get<std::uint64_t>();
        failure.batch = line["batch"].get<std::uint64_t>();
        if (options_.progress != nullptr)
          *options_.progress << "fuzz: case " << failure.case_number << " fails " << failure.property << "; shrinking\n" << std::flush;
        worker.failing = std::move(failure);
      } else {
        ++result_.cases;
      }
    } else if (line.contains("workspace")) {
      result_.workspace_seconds += line["workspace"].get<double>();
    } else if (line.contains("finished")) {
      PropertyTally& tally = tally_of(line["finished"].get<std::size_t>());
      tally.checks += line["checks"].get<std::uint64_t>();
      tally.unknown += line["unknown"].get<std::uint64_t>();
      tally.skipped += line["skipped"].get<std::uint64_t>();
      tally.seconds += line["seconds"].get<double>();
      tally.fault_reached += line.value("fault_reached", std::uint64_t{0});
      if (!line["failed"].get<bool>()) ++tally.cases;
      if (line.contains("coverage") && result_.coverage) props::add_coverage_counts(*result_.coverage, line["coverage"]);
      worker.running.reset();
    } else if (line.contains("end")) {
      worker.end = line;
    } else if (line.contains("error")) {
      worker.error = line["error"].get<std::string>();
    }
  }

  PropertyTally& tally_of(std::size_t position) { return result_.tallies[static_cast<std::size_t>(properties_.at(position))]; }

  bool stalled(const Worker& worker) const {
    const std::int64_t deadline = boards_[worker.slot].deadline.load();
    return deadline != 0 && now_nanoseconds() > deadline;
  }

  // Kills a worker whose Z3 check stalled, counts the stall as an unknown of the property it was
  // checking, and starts a worker that goes on from the next property of that case.
  void replace_stalled(std::size_t index) {
    Worker& worker = workers_[index];
    ::kill(worker.pid, SIGKILL);
    int status = 0;
    while (read_chunk(worker, status)) {
    }
    ++result_.stalls;
    if (worker.end || worker.error) {  // it finished just as its check ran out of grace
      ended(worker, status);
      return;
    }
    if (worker.failing) {  // it was shrinking a failure: that failure, unshrunk, ends the campaign
      keep_failure(*worker.failing);
      return;
    }
    std::optional<CampaignOptions::Resume> resume;
    if (worker.running) {
      PropertyTally& tally = tally_of(worker.running->property);
      ++tally.unknown;
      ++tally.cases;
      tally.seconds += seconds_since(worker.running->since);
      if (options_.progress != nullptr)
        *options_.progress << "fuzz: case " << worker.running->case_number << ": "
                           << props::describe(properties_[worker.running->property]).name << ": a solver check ran "
                           << options_.settings.isolation_grace_milliseconds
                           << " ms past its time limit (a stall); its worker process was killed and one unknown counted\n"
                           << std::flush;
      std::size_t next = worker.running->property + 1;
      const unsigned stalls = ++stalls_in_case_[worker.running->case_number];
      if (options_.settings.stalls_per_case != 0 && stalls >= options_.settings.stalls_per_case && next < properties_.size()) {
        for (std::size_t later = next; later < properties_.size(); ++later) {
          ++tally_of(later).unknown;
          ++tally_of(later).cases;
        }
        if (options_.progress != nullptr)
          *options_.progress << "fuzz: case " << worker.running->case_number << ": " << stalls
                             << " stalls; its later properties are counted unknown, unchecked\n"
                             << std::flush;
        next = properties_.size();
      }
      resume = CampaignOptions::Resume{worker.running->position, next};  // next = size(): none left, but the rest of its run
    }
    start(worker.slot, resume);  // invalidates `worker`
  }

  // A worker that ended without its result: the failure of the case it was checking (in this
  // process the campaign would have crashed), and the other workers stop before later cases.
  void died(Worker& worker, const std::string& how) {
    CampaignFailure failure;
    if (worker.failing) {
      failure = *worker.failing;
      failure.message = failure.first_message + " (not shrunk: its worker process " + how + " while shrinking)";
    } else {
      failure.property = worker.running ? std::string(props::describe(properties_[worker.running->property]).name) : "campaign";
      failure.message = failure.property + ": the worker process checking case " +
                        (worker.running ? std::to_string(worker.running->case_number) : std::string("?")) + " " + how;
      failure.first_message = failure.message;
      failure.input = "{}";
      if (worker.running) failure.case_number = worker.running->case_number;
      if (worker.running) failure.batch = (worker.running->case_number - 1) / cases_per_batch;
      std::uint64_t failed = claims_->failed.load();
      const std::uint64_t position = worker.running ? worker.running->position : 0;
      while (position < failed && !claims_->failed.compare_exchange_weak(failed, position)) {
      }
    }
    keep_failure(failure);
  }

  void keep_failure(const CampaignFailure& failure) {
    if (!result_.failure || failure.case_number < result_.failure->case_number) result_.failure = failure;
  }

  void stop(Worker& worker) {
    if (worker.pid > 0) {
      ::kill(worker.pid, SIGKILL);
      while (::waitpid(worker.pid, nullptr, 0) < 0 && errno == EINTR) {
      }
      worker.pid = -1;
    }
    if (worker.channel >= 0) ::close(worker.channel);
    worker.channel = -1;
  }

  void report_progress(bool force) {
    if (options_.progress == nullptr) return;
    if (!force && seconds_since(last_progress_) < options_.progress_interval_seconds) return;
    last_progress_ = Clock::now();
    *options_.progress << progress_line(result_, seconds_since(started_)) << std::flush;
  }

  const CampaignOptions& options_;
  const unsigned jobs_;
  const bool isolate_;
  std::vector<props::PropertyId> properties_;
  std::size_t mapped_bytes_ = 0;
  void* shared_ = nullptr;  // the claims, then the boards
  CaseClaims* claims_ = nullptr;
  solver::StallBoard* boards_ = nullptr;
  std::vector<Worker> workers_;  // every worker started, stopped ones included
  std::map<std::uint64_t, unsigned> stalls_in_case_;  // by case number
  CampaignResult result_;
  Clock::time_point started_;
  Clock::time_point last_progress_;
};

}  // namespace

CampaignResult run_campaign_in_workers(const CampaignOptions& options) {
  if (std::max(1u, options.jobs) == 1 && options.settings.isolation_grace_milliseconds == 0) return run_campaign(options);
  Supervisor supervisor(options);
  return supervisor.run();
}

}  // namespace symref::fuzz
