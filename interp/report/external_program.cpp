// Running an external program with posix_spawn and a deadline (interp/report).
#include "interp/report/external_program.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace symref::report {

namespace {

bool is_executable_file(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::optional<std::string> find_executable(const std::string& name) {
  if (name.find('/') != std::string::npos) return is_executable_file(name) ? std::optional(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  std::string directories = path;
  std::size_t start = 0;
  while (start <= directories.size()) {
    std::size_t end = directories.find(':', start);
    if (end == std::string::npos) end = directories.size();
    std::string directory = directories.substr(start, end - start);
    if (!directory.empty()) {
      std::string candidate = directory + "/" + name;
      if (is_executable_file(candidate)) return candidate;
    }
    start = end + 1;
  }
  return std::nullopt;
}

ExternalRun run_external(const std::string& program, const std::vector<std::string>& arguments,
                         const std::string& input_file, const std::string& output_file, const std::string& error_file,
                         double timeout_seconds) {
  ExternalRun run;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input_file.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, error_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const auto& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  pid_t child = 0;
  int status = posix_spawn(&child, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (status != 0) {
    run.error = "cannot start " + program + " (" + std::strerror(status) + ")";
    return run;
  }
  run.started = true;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  auto pause = std::chrono::milliseconds(1);
  while (true) {
    int wait_status = 0;
    pid_t done = ::waitpid(child, &wait_status, WNOHANG);
    if (done == child) {
      if (WIFEXITED(wait_status)) {
        run.exit_code = WEXITSTATUS(wait_status);
        if (run.exit_code != 0) run.error = program + " exited with code " + std::to_string(run.exit_code);
      } else {
        run.error = program + " was killed by signal " + std::to_string(WTERMSIG(wait_status));
      }
      return run;
    }
    if (done < 0 && errno != EINTR) {
      run.error = std::string("cannot wait for ") + program + " (" + std::strerror(errno) + ")";
      return run;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &wait_status, 0);
      run.timed_out = true;
      run.error = program + " did not finish within " + std::to_string(static_cast<long>(timeout_seconds)) + " s";
      return run;
    }
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(20)) pause *= 2;
  }
}

}  // namespace symref::report
