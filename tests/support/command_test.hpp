// A GoogleTest fixture for tests that run commands: a scratch directory per test (removed after
// it), files written into it, and processes run from it (tests/support/process.hpp).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/process.hpp"

namespace symref::testing {

#ifdef SYMREF_SOURCE_DIR
// A file of the repository's corpus/, by its path below corpus/.
inline std::string corpus_file(const std::string& relative) { return std::string(SYMREF_SOURCE_DIR) + "/corpus/" + relative; }
#endif

class CommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = info->name();
    for (char& c : name)
      if (c == '/') c = '_';
    directory_ = std::filesystem::temp_directory_path() / ("symref_test_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(directory_);
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override {
    std::error_code ignored;
    if (!directory_.empty()) std::filesystem::remove_all(directory_, ignored);
  }

  // Writes `text` to a file in the test's directory (creating folders); returns its path.
  std::string write(const std::string& name, const std::string& text) {
    const std::filesystem::path path = directory_ / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }

  ProcessResult run_command(const std::string& program, const std::vector<std::string>& args, const std::string& environment = "") {
    // From the test's directory, so that files a command writes there (fuzz counterexamples) go.
    return run_process(directory_, program, args, environment);
  }

  std::filesystem::path directory_;
};

}  // namespace symref::testing
