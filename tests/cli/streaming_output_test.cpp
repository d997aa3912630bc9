// `symref explore --format jsonl` (DESIGN.md "Paths, branches and JSON"): one line per leaf, the
// same object as the leaf's entry in `--format json`, written when the leaf is decided, then the
// stats; --tests written as the leaves come; --max-paths 0; memory that does not grow with the
// leaves; progress lines on stderr.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using Result = symref::testing::ProcessResult;

std::string corpus(const std::string& relative) { return symref::testing::corpus_file(relative); }

// `count` independent tests of `count` inputs: 2^count feasible paths, one per branch string.
std::string independent_branches(int count) {
  std::string text;
  for (int k = 0; k < count; ++k) text += "var x" + std::to_string(k) + ": int;\n";
  text += "var c: int;\nmain {\n";
  for (int k = 0; k < count; ++k) text += "  if x" + std::to_string(k) + " > " + std::to_string(k) + " { c := c + 1; }\n";
  return text + "}\n";
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// argv as a child process: its stdout a pipe the test reads, its stderr a file.
struct Child {
  pid_t pid = -1;
  FILE* out = nullptr;
};

Child spawn(const std::vector<std::string>& args, const fs::path& stderr_file) {
  int pipe_ends[2];
  if (::pipe(pipe_ends) != 0) return {};
  pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(pipe_ends[1], STDOUT_FILENO);
    FILE* err = std::fopen(stderr_file.c_str(), "w");
    if (err != nullptr) ::dup2(::fileno(err), STDERR_FILENO);
    ::close(pipe_ends[0]);
    ::close(pipe_ends[1]);
    std::vector<char*> argv;
    for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(pipe_ends[1]);
  return Child{pid, ::fdopen(pipe_ends[0], "r")};
}

std::string read_line(FILE* in) {
  std::string line;
  for (int c = std::fgetc(in); c != EOF && c != '\n'; c = std::fgetc(in)) line += static_cast<char>(c);
  return line;
}

// The peak resident set of `symref args...` in KiB, run to its end with stdout to /dev/null.
long peak_kib(const std::vector<std::string>& args, int& code) {
  pid_t pid = ::fork();
  if (pid == 0) {
    FILE* sink = std::fopen("/dev/null", "w");
    ::dup2(::fileno(sink), STDOUT_FILENO);
    std::vector<char*> argv;
    for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return usage.ru_maxrss;
}

class StreamingOutputTest : public symref::testing::CommandTest {
 protected:
  Result symref(const std::vector<std::string>& args) { return run_command(SYMREF_BINARY, args); }
};

// Every leaf line is the leaf's entry of --format json, in the same order, and the last line is
// {"stats": …}, for trees with infeasible, failing and bound leaves, in both search orders and
// both engines.
TEST_F(StreamingOutputTest, JsonlLinesAreTheLeavesOfJsonThenTheStats) {
  for (const std::string program : {"basic/path_explosion_8.sym", "basic/assume_assert.sym", "basic/array_length_guard.sym",
                                    "classic/factorial.sym"})
    for (const std::vector<std::string>& mode : std::vector<std::vector<std::string>>{
             {"--order", "dfs"}, {"--order", "bfs"}, {"--engine", "trace"}}) {
      std::vector<std::string> common{"explore", corpus(program), "--loop-bound", "3"};
      common.insert(common.end(), mode.begin(), mode.end());
      std::vector<std::string> json_args = common, jsonl_args = common;
      json_args.insert(json_args.end(), {"--format", "json"});
      jsonl_args.insert(jsonl_args.end(), {"--format", "jsonl"});
      Result json = symref(json_args);
      Result jsonl = symref(jsonl_args);
      ASSERT_EQ(json.code, 0) << program << json.err;
      ASSERT_EQ(jsonl.code, 0) << program << jsonl.err;
      Json whole = Json::parse(json.out);
      const std::vector<std::string> lines = lines_of(jsonl.out);
      ASSERT_EQ(lines.size(), whole["paths"].size() + 1) << program << " " << mode[1];
      for (std::size_t k = 0; k < whole["paths"].size(); ++k)
        EXPECT_EQ(Json::parse(lines[k]), whole["paths"][k]) << program << " " << mode[1] << " leaf " << k + 1;
      // The stats agree but for the times the two runs took.
      Json last = Json::parse(lines.back());
      ASSERT_EQ(last.size(), 1u) << lines.back();
      for (const char* timing : {"seconds", "solver_seconds", "path_condition_seconds"}) {
        whole["stats"].erase(timing);
        last["stats"].erase(timing);
      }
      EXPECT_EQ(last["stats"], whole["stats"]) << program << " " << mode[1];
    }
}

TEST_F(StreamingOutputTest, MaxPathsZeroIsNoLimit) {
  Result all = symref({"explore", corpus("basic/path_explosion_8.sym"), "--format", "jsonl", "--max-paths", "0"});
  ASSERT_EQ(all.code, 0) << all.err;
  const Json stats = Json::parse(lines_of(all.out).back())["stats"];
  EXPECT_EQ(stats["paths"], 256);
  EXPECT_EQ(stats["truncated"], false);
  Result cut = symref({"explore", corpus("basic/path_explosion_8.sym"), "--format", "jsonl", "--max-paths", "100"});
  ASSERT_EQ(cut.code, 0) << cut.err;
  EXPECT_EQ(lines_of(cut.out).size(), 101u);
  EXPECT_EQ(Json::parse(lines_of(cut.out).back())["stats"]["truncated"], true);
  EXPECT_EQ(symref({"explore", corpus("basic/path_explosion_8.sym"), "--max-paths", "-1"}).code, 2);
}

// The first lines and test files appear while the search of 2^24 paths is far from done; a
// consumer may stop reading at any time.  With --progress the stderr shows the counts.
TEST_F(StreamingOutputTest, JsonlAndTestsAreWrittenAsTheLeavesAreDecided) {
  const std::string program = write("wide.sym", independent_branches(24));
  const fs::path tests = directory_ / "tests", queries = directory_ / "queries", err = directory_ / "stderr.txt";
  Child child = spawn({SYMREF_BINARY, "explore", program, "--format", "jsonl", "--max-paths", "0", "--tests", tests.string(),
                       "--smt-dir", queries.string(), "--progress"},
                      err);
  ASSERT_NE(child.out, nullptr);
  const auto started = std::chrono::steady_clock::now();
  std::size_t read = 0;
  std::string line;
  // Read for 3 s: past the 2 s after which the first progress line is due.
  while (std::chrono::steady_clock::now() - started < std::chrono::seconds(3)) {
    line = read_line(child.out);
    ASSERT_FALSE(line.empty()) << "the output ended after " << read << " lines";
    ++read;
    const Json leaf = Json::parse(line);
    ASSERT_EQ(leaf["branches"].get<std::string>().size(), 24u) << line;
    // Its test file exists by the time its line is read.
    EXPECT_TRUE(fs::exists(tests / ("path-" + std::to_string(read) + "-" + leaf["branches"].get<std::string>() + ".json")));
  }
  int status = 0;
  EXPECT_EQ(::waitpid(child.pid, &status, WNOHANG), 0) << "the search of 2^24 paths ended within 3 s";
  EXPECT_FALSE(fs::is_empty(queries)) << "no query written while the search runs";
  ::kill(child.pid, SIGKILL);
  ::waitpid(child.pid, &status, 0);
  std::fclose(child.out);
  EXPECT_GE(read, 2u);
  const std::string progress = symref::testing::read_file(err);
  EXPECT_NE(progress.find(" paths decided, "), std::string::npos) << progress;
  EXPECT_NE(progress.find(" feasible, "), std::string::npos) << progress;
  EXPECT_NE(progress.find(" paths/s, depth 24\n"), std::string::npos) << progress;
}

TEST_F(StreamingOutputTest, NoProgressLinesUnlessAskedOrOnATerminal) {
  Result quiet = symref({"explore", corpus("basic/path_explosion_8.sym")});
  ASSERT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");  // stderr is a file here, not a terminal
  Result engine = symref({"explore", corpus("basic/path_explosion_8.sym"), "--engine", "compositional", "--format", "jsonl"});
  EXPECT_EQ(engine.code, 2);
  EXPECT_NE(engine.err.find("--format jsonl needs --engine forward or trace"), std::string::npos) << engine.err;
}

// apc names each phase as it starts; compact, a short run, prints no progress line.
TEST_F(StreamingOutputTest, ApcNamesItsPhasesWithProgress) {
  Result apc = symref({"apc", corpus("apc/foo.sym"), "--progress", "--no-timings"});
  ASSERT_EQ(apc.code, 0) << apc.err;
  EXPECT_NE(apc.err.find("apc: building the path abstraction and apc\n"), std::string::npos) << apc.err;
  EXPECT_NE(apc.err.find("apc: solving apc^K and apc\n"), std::string::npos) << apc.err;
  Result quiet = symref({"apc", corpus("apc/foo.sym"), "--no-progress", "--no-timings"});
  ASSERT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");
  EXPECT_EQ(quiet.out, apc.out);
}

// With jsonl the explorer keeps no finished path: 16 times the leaves cost almost no more memory,
// while --format json holds them all.
TEST_F(StreamingOutputTest, JsonlMemoryDoesNotGrowWithTheLeaves) {
  const std::string small = write("small.sym", independent_branches(10));
  const std::string large = write("large.sym", independent_branches(14));
  // Under AddressSanitizer freed blocks wait in a quarantine (256 MB) that counts in the peak RSS;
  // the measured runs turn it off.  Other builds ignore the variable.
  const char* sanitizer_options = std::getenv("ASAN_OPTIONS");
  const std::string saved = sanitizer_options != nullptr ? sanitizer_options : "";
  ::setenv("ASAN_OPTIONS", (saved + (saved.empty() ? "" : ":") + "quarantine_size_mb=0").c_str(), 1);
  int code = 0;
  const long small_kib = peak_kib({SYMREF_BINARY, "explore", small, "--format", "jsonl", "--max-paths", "0"}, code);
  ASSERT_EQ(code, 0);
  const long large_kib = peak_kib({SYMREF_BINARY, "explore", large, "--format", "jsonl", "--max-paths", "0"}, code);
  ASSERT_EQ(code, 0);
  const long large_json_kib = peak_kib({SYMREF_BINARY, "explore", large, "--format", "json", "--max-paths", "0"}, code);
  if (sanitizer_options != nullptr)
    ::setenv("ASAN_OPTIONS", saved.c_str(), 1);
  else
    ::unsetenv("ASAN_OPTIONS");
  ASSERT_EQ(code, 0);
  EXPECT_LT(large_kib - small_kib, 16 * 1024) << small_kib << " KiB for 2^10 leaves, " << large_kib << " KiB for 2^14";
  EXPECT_GT(large_json_kib - large_kib, 4 * (large_kib - small_kib)) << large_json_kib << " KiB with --format json";
}

}  // namespace
