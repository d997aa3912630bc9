// Running a campaign through RapidCheck's checkProperty, with focused shrinking.
//
// Running a campaign through RapidCheck's checkProperty: batches of cases, a listener for
// progress, and shrinking focused on the property that failed first.
#include "fuzz/campaign.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "interp/solver/session/solver_session.hpp"
#include "props/random_source.hpp"
#include "semantics/faults.hpp"
#include "props/test_case_gen.hpp"

namespace symref::fuzz {

namespace {
// The properties a campaign checks: those chosen, or all.
std::vector<props::PropertyId> chosen_properties(const CampaignOptions& options) {
  std::vector<props::PropertyId> ids = options.properties;
  if (ids.empty())
    for (props::PropertyId id = 0; id < props::all_properties().size(); ++id)
      if (props::all_properties()[id].by_default) ids.push_back(id);
  return ids;
}
}  // namespace

std::uint64_t batch_seed(std::uint64_t seed, std::uint64_t batch) {
  // splitmix64 of the pair: neighbouring seeds and batches give unrelated streams.
  return props::RandomSource::mix(seed * 0x9E3779B97F4A7C15ULL + batch + 0x632BE59BD9B4E019ULL);
}

std::uint64_t CampaignResult::properties_checked() const {
  std::uint64_t total = 0;
  for (const auto& tally : tallies) total += tally.cases;
  return total;
}

std::string stalls_note(const CampaignResult& result) {
  if (result.stalls == 0) return "";
  return " (" + std::to_string(result.stalls) + " of them solver " + (result.stalls == 1 ? "stall" : "stalls") + ", killed)";
}

std::string progress_line(const CampaignResult& result, double elapsed_seconds) {
  char line[200];
  std::snprintf(line, sizeof line, "fuzz: %llu programs in %.1f s (%.2f programs/s), %llu properties checked, %llu unknown skipped",
                static_cast<unsigned long long>(result.cases), elapsed_seconds,
                elapsed_seconds > 0 ? static_cast<double>(result.cases) / elapsed_seconds : 0.0,
                static_cast<unsigned long long>(result.properties_checked()), static_cast<unsigned long long>(result.unknown()));
  return line + stalls_note(result) + "\n";
}

std::uint64_t CampaignResult::unknown() const {
  std::uint64_t total = 0;
  for (const auto& tally : tallies) total += tally.unknown;
  return total;
}

std::uint64_t CampaignResult::fault_reached() const {
  std::uint64_t total = 0;
  for (const auto& tally : tallies) total += tally.fault_reached;
  return total;
}

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

struct Violation {
  std::string property;
  std::string message;
  std::string program;
  std::string input;
};

nlohmann::json to_json(const Violation& violation) {
  return {{"property", violation.property}, {"message", violation.message}, {"program", violation.program}, {"input", violation.input}};
}


class Campaign {
 public:
  explicit Campaign(const CampaignOptions& options) : options_(options) {
    properties_ = chosen_properties(options);
    result_.tallies.resize(props::all_properties().size());
    if (options.coverage) {
      result_.coverage.emplace();
      case_coverage_.emplace();
    }
    solvers_.publish_checks_on(options.stall_board);
    if (options.log_checks) solvers_.check_log().switch_on();
  }

  CampaignResult run() {
    started_ = options_.started.value_or(Clock::now());
    last_progress_ = started_;
    for (std::uint64_t batch = options_.shard_index;; batch += options_.shard_count) {
      std::uint64_t cases = cases_per_batch;
      if (options_.seconds <= 0) {
        if (batch * cases_per_batch >= options_.count) break;
        cases = std::min<std::uint64_t>(cases_per_batch, options_.count - batch * cases_per_batch);
      } else if (seconds_since(started_) >= options_.seconds) {
        break;
      }
      if (!run_batch(batch, cases)) break;
      // Another worker failed: every case before its failing one is claimed already.
      if (options_.claims != nullptr && options_.claims->failed.load() != std::numeric_limits<std::uint64_t>::max()) break;
    }
    solvers_.stop_pooling_contexts();
    send_held();
    result_.seconds = seconds_since(started_);
    return result_;
  }

 private:
  // One checkProperty call; false when a property failed.
  bool run_batch(std::uint64_t batch, std::uint64_t cases) {
    rc::detail::TestParams params;
    params.seed = batch_seed(options_.seed, batch);
    params.maxSuccess = static_cast<int>(cases);
    params.maxSize = options_.max_size;
    params.disableShrinking = options_.shrink_limit == 0;
    const int level = options_.level;
    std::uint64_t in_batch = 0;
    auto property = rc::detail::toProperty([this, level, batch, cases, &in_batch] {
      const auto generating = Clock::now();
      const props::TestCase test_case = *props::arbitrary_test_case(level);
      if (!first_) result_.generation_seconds += seconds_since(generating);
      std::uint64_t number = 0;
      std::size_t first_property = 0;
      if (first_) {  // shrinking
        if (shrink_evaluations_ >= options_.shrink_limit) return;  // budget spent: no further shrinks
        if (past_shrinking_deadline()) {
          shrinking_stopped_by_time_ = true;
          return;
        }
        ++shrink_evaluations_;
      } else {
        number = batch * cases_per_batch + ++in_batch;
        const std::uint64_t index = in_batch - 1;
        if (index % cases_per_run == 0) solvers_.pool_contexts();  // a run begins: with contexts of its own
        const std::uint64_t position = position_;
        if (claim(index, cases)) {
          ++result_.cases;
          send({{"case", number}});
          report_progress(false);
        } else if (options_.resume && options_.resume->position == position && !failed_before(position)) {
          run_claimed_ = true;  // the rest of a case whose worker was stopped, and of its run
          first_property = options_.resume->first_property;
          if (first_property >= properties_.size()) return;  // its later properties were given up
        } else {
          return;  // another worker's case
        }
      }
      std::optional<Violation> violation = evaluate(test_case, number, first_property);
      if (!violation) return;
      if (!first_) {
        first_ = violation;
        failing_case_ = number;
        failure_found_at_ = seconds_since(started_);
        send({{"failing", to_json(*violation)}, {"case", number}, {"batch", batch}});
        if (options_.claims != nullptr) {  // the other workers stop before cases after this one
          std::uint64_t failed = options_.claims->failed.load();
          while (position_ - 1 < failed && !options_.claims->failed.compare_exchange_weak(failed, position_ - 1)) {
          }
        }
        if (options_.progress != nullptr)
          *options_.progress << "fuzz: case " << number << " fails " << violation->property << "; shrinking\n"
                             << std::flush;
      }
      last_ = violation;
      RC_FAIL(violation->message);
    });
    rc::detail::TestMetadata metadata;
    metadata.id = "symref fuzz level " + std::to_string(level);
    metadata.description = metadata.id;
    Listener listener(*this);
    rc::detail::TestResult outcome = rc::detail::checkProperty(property, metadata, params, listener, {});
    report_progress(true);
    if (!first_) {
      if (outcome.template is<rc::detail::Error>())
        throw std::runtime_error("RapidCheck: " + outcome.template get<rc::detail::Error>().description);
      return true;
    }
    CampaignFailure failure;
    failure.property = last_->property;
    failure.message = last_->message;
    failure.first_message = first_->message;
    failure.program = last_->program;
    failure.input = last_->input;
    failure.case_number = failing_case_;
    failure.batch = batch;
    failure.shrink_steps = shrink_steps_;
    failure.shrink_evaluations = shrink_evaluations_;
    failure.shrinking_stopped_by_time = shrinking_stopped_by_time_;
    result_.failure = std::move(failure);
    return false;
  }

  // Whether a campaign run for a time has shrunk its failure for as long as it may
  // (shrinking_grace_seconds).
  bool past_shrinking_deadline() const {
    if (options_.seconds <= 0) return false;
    const double deadline = std::max(options_.seconds, failure_found_at_ + std::min(options_.seconds, shrinking_grace_seconds));
    return seconds_since(started_) >= deadline;
  }

  // Whether a worker failed on a case before `position` (no case after it is checked then).
  bool failed_before(std::uint64_t position) const {
    return options_.claims != nullptr && position > options_.claims->failed.load();
  }

  // A line to the parent of a worker process (run_campaign_in_workers); nothing otherwise.  Lines
  // about what is done (a property finished, a case's record) are held and go in one write with
  // the next line about what starts (a claimed case, a property's begin, a failure) or with the
  // campaign's end: a write per property instead of two, and half the wake-ups of the parent,
  // which shares the workers' cores.  The parent loses nothing it needs: it stops a worker only
  // inside a solver check, after that property's begin and all held before it were written, and a
  // worker that crashes is charged to the case and property it began last, as before.
  void send(const nlohmann::json& line) {
    if (options_.report_lines == nullptr) return;
    held_lines_ += line.dump();
    (*options_.report_lines)(held_lines_);
    held_lines_.clear();
  }
  void hold(const nlohmann::json& line) {
    if (options_.report_lines == nullptr) return;
    held_lines_ += line.dump();
    held_lines_ += '\n';
  }
  void send_held() {
    if (options_.report_lines == nullptr || held_lines_.empty()) return;
    held_lines_.pop_back();  // the writer ends the text with its own newline
    (*options_.report_lines)(held_lines_);
    held_lines_.clear();
  }

  // Whether this worker checks the next generated case of its shard, the `index`-th of a batch of
  // `batch_cases` (always without --jobs).  A run is claimed at its first case, whole.  The
  // workers visit the same positions in the same order, so `next` is never behind a worker at the
  // first case of a run: a run is claimed exactly once, by the first worker to reach it.
  bool claim(std::uint64_t index, std::uint64_t batch_cases) {
    const std::uint64_t position = position_++;
    if (options_.claims == nullptr) return true;
    if (failed_before(position)) return false;
    if (index % cases_per_run != 0) return run_claimed_;
    const std::uint64_t run_length = std::min(cases_per_run, batch_cases - index);
    std::uint64_t expected = position;
    run_claimed_ = options_.claims->next.compare_exchange_strong(expected, position + run_length);
    return run_claimed_;
  }

  // The properties of one case from the `first`-th chosen on; while shrinking only the one that
  // failed first.  `number`: the case's number when it is a generated case (tallied), 0 for a
  // shrink candidate.
  std::optional<Violation> evaluate(const props::TestCase& test_case, std::uint64_t number, std::size_t first) {
    Tallier tallier(*this, number);
    return check_case(test_case, number, first, tallier);
  }

  // What the check of a case reports as it goes (check_case): added to the campaign's tallies,
  // and in a worker process sent to its parent as it comes, so that the parent keeps it if it has
  // to stop the worker in the middle of a case (a stalled check).  Shrink candidates are not tallied.
  class Tallier {
   public:
    Tallier(Campaign& campaign, std::uint64_t number) : campaign_(campaign), number_(number) {}
    // The case's program, for the case records.
    void record(std::uint64_t digest) {
      if (number_ == 0) return;
      campaign_.result_.case_records.push_back(CaseRecord{number_, digest});
      campaign_.hold({{"record", digest}, {"case", number_}});
    }
    // Printing and loading the program.
    void workspace_built(double seconds) {
      if (number_ == 0) return;
      campaign_.result_.workspace_seconds += seconds;
      campaign_.hold({{"workspace", seconds}});
    }
    // The position-th chosen property starts.
    void begin(std::size_t position) {
      if (number_ != 0) campaign_.send({{"begin", position}, {"case", number_}, {"position", campaign_.position_ - 1}});
    }
    // `fault_reached`: how often the planted fault's code ran during the check.
    void finished(std::size_t position, const props::PropertyVerdict& verdict, double seconds, std::uint64_t fault_reached) {
      if (number_ == 0) return;
      PropertyTally& tally = campaign_.result_.tallies[static_cast<std::size_t>(campaign_.properties_[position])];
      tally.checks += verdict.checks;
      tally.unknown += verdict.unknown;
      tally.skipped += verdict.skipped;
      tally.seconds += seconds;
      tally.fault_reached += fault_reached;
      if (!verdict.failure) ++tally.cases;
      nlohmann::json line = {{"finished", position},
                             {"checks", verdict.checks},
                             {"unknown", verdict.unknown},
                             {"skipped", verdict.skipped},
                             {"failed", verdict.failure.has_value()},
                             {"seconds", seconds},
                             {"fault_reached", fault_reached}};
      // What the engines counted during the property's check (its case's shared explorations the
      // first time a property asks for them).
      if (std::optional<props::EngineCoverage>& counted = campaign_.case_coverage_; counted && !counted->all_zero()) {
        campaign_.result_.coverage->add(*counted);
        if (campaign_.options_.report_lines != nullptr) line["coverage"] = props::coverage_counts(*counted);
        counted->clear();
      }
      campaign_.hold(line);
    }

   private:
    Campaign& campaign_;
    std::uint64_t number_;
  };

  // The chosen properties from the `first`-th on, reported as they run; while shrinking only the
  // one that failed first.
  std::optional<Violation> check_case(const props::TestCase& test_case, std::uint64_t number, std::size_t first,
                                      Tallier& report) {
    const auto built = Clock::now();
    // A case on the session: its solvers share Z3 contexts, with the cases before it in its run
    // (cases_per_run), and a case gets the same models whatever ran before its run (another shard,
    // --jobs, the reproduce line); its own cvc5 solvers; a fixed work budget per Z3 and cvc5 check,
    // a time-out allowance (after a Z3 time-out the case's later Z3 checks get 200 ms), and an
    // allowance of undecided Z3 checks per property (after two, the later ones of the few properties
    // whose undecided checks come in hopeless runs get a smaller work budget), and one of undecided
    // cvc5 checks per case (after one, the later ones get a smaller budget and time limit).
    // Its repeated queries are asked once (--no-query-cache: not).
    const solver::SolverSession::Case solvers_of_case(
        solvers_, options_.query_cache,
        solver::WorkBudget(
            options_.settings.z3_work_per_check, options_.settings.cvc5_work_per_check,
            solver::TimeOutAllowance{options_.settings.full_time_outs_per_case, options_.settings.reduced_timeout_milliseconds,
                                     options_.settings.reduced_time_outs_per_case, options_.settings.minimal_timeout_milliseconds,
                                     options_.settings.minimal_time_outs_per_case},
            solver::UndecidedAllowance{options_.settings.undecided_checks_per_property, options_.settings.reduced_z3_work_per_check,
                                       options_.settings.cvc5_undecided_checks_per_case, options_.settings.reduced_cvc5_work_per_check}));
    if (first != 0) solvers_.budget().spend_time_out_allowance();  // resumed after a stall
    props::CaseWorkspace workspace(test_case, options_.settings, solvers_);
    if (number != 0 && case_coverage_) workspace.count_rules_in(&*case_coverage_);
    if (first == 0) report.record(case_digest(workspace.program_text()));
    try {
      workspace.program();
      if (first == 0) report.workspace_built(seconds_since(built));
      const bool shrinking = first_.has_value();
      if (shrinking && first_->property == "generator") return std::nullopt;
      for (std::size_t position = first; position < properties_.size(); ++position) {
        const props::PropertyDescription& description = props::describe(properties_[position]);
        if (shrinking && description.name != first_->property) continue;
        report.begin(position);
        const auto started = Clock::now();
        if (solvers_.check_log().on()) solvers_.check_log().set_label("case " + std::to_string(number) + " " + std::string(description.name));
        solvers_.budget().renew_undecided_allowance(description.undecided_in_hopeless_runs);
        const std::uint64_t reached_before = symref::fault_reached();
        props::PropertyVerdict verdict = props::check_property(properties_[position], workspace);
        report.finished(position, verdict, seconds_since(started), symref::fault_reached() - reached_before);
        if (verdict.failure) {
          Violation violation;
          violation.property = std::string(description.name);
          violation.message = std::string(description.name) + " (" + std::string(description.paper) + "): " + *verdict.failure;
          violation.program = verdict.witness_program ? *verdict.witness_program : workspace.program_text();
          violation.input = verdict.witness_input ? *verdict.witness_input : workspace.state_json(workspace.inputs().at(0));
          return violation;
        }
      }
    } catch (const props::GeneratedProgramRejected& rejected) {
      if (first_ && first_->property != "generator") return std::nullopt;  // a shrink the checker rejects: not this failure
      return Violation{"generator", rejected.what(), workspace.program_text(), "{}"};
    }
    return std::nullopt;
  }

  static std::uint64_t case_digest(const std::string& program_text) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a
    for (unsigned char byte : program_text) hash = (hash ^ byte) * 0x100000001b3ULL;
    return hash;
  }

  void report_progress(bool force) {
    if (options_.progress == nullptr) return;
    if (!force && seconds_since(last_progress_) < options_.progress_interval_seconds) return;
    last_progress_ = Clock::now();
    *options_.progress << progress_line(result_, seconds_since(started_)) << std::flush;
  }

  // Counts accepted shrinks (RapidCheck calls the property itself for every candidate).
  class Listener final : public rc::detail::TestListener {
   public:
    explicit Listener(Campaign& campaign) : campaign_(campaign) {}
    void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
    void onShrinkTried(const rc::detail::CaseDescription&, bool accepted) override {
      if (accepted) ++campaign_.shrink_steps_;
    }
    void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}

   private:
    Campaign& campaign_;
  };

  const CampaignOptions& options_;
  std::vector<props::PropertyId> properties_;
  CampaignResult result_;
  std::string held_lines_;  // lines for the parent not written yet (send, hold)
  // With --coverage: what the engines count on the case being checked, added to the result (and
  // sent to the parent) after each property.
  std::optional<props::EngineCoverage> case_coverage_;
  Clock::time_point started_;
  Clock::time_point last_progress_;
  std::optional<Violation> first_;  // the case that failed first; set while shrinking it
  std::optional<Violation> last_;
  std::uint64_t failing_case_ = 0;
  std::uint64_t position_ = 0;  // generated cases of the shard so far (claim)
  bool run_claimed_ = false;    // whether this worker checks the run of the latest case (claim)
  // What the campaign's solvers share: the stall board, the check log, and the Z3 contexts the
  // cases of the current run share (cases_per_run), pooled anew at each run's first case, claimed
  // or not, so a worker resuming a case in the middle of a run has them fresh.
  solver::SolverSession solvers_;
  std::size_t shrink_steps_ = 0;
  std::size_t shrink_evaluations_ = 0;
  double failure_found_at_ = 0;  // seconds into the campaign
  bool shrinking_stopped_by_time_ = false;
};

}  // namespace

CampaignResult run_campaign(const CampaignOptions& options) { return Campaign(options).run(); }

std::string campaign_summary(const CampaignOptions& options, const CampaignResult& result, bool timings) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line, "%-30s %8s %10s %8s %8s", "property", "cases", "checks", "unknown", "skipped");
  out << line << (timings ? "   seconds" : "") << "\n";
  for (props::PropertyId kind : chosen_properties(options)) {
    const PropertyTally& tally = result.tallies[static_cast<std::size_t>(kind)];
    std::snprintf(line, sizeof line, "%-30s %8llu %10llu %8llu %8llu", std::string(props::describe(kind).name).c_str(),
                  static_cast<unsigned long long>(tally.cases), static_cast<unsigned long long>(tally.checks),
                  static_cast<unsigned long long>(tally.unknown), static_cast<unsigned long long>(tally.skipped));
    out << line;
    if (timings) {
      std::snprintf(line, sizeof line, " %9.2f", tally.seconds);
      out << line;
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace symref::fuzz
