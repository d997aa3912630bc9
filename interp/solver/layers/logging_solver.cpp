// Writing every query as a standalone SMT-LIB2 script (logging_solver.hpp; §2 path conditions).
#include "interp/solver/layers/logging_solver.hpp"

#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "interp/solver/backends/smtlib.hpp"

namespace symref::solver {

namespace {

void write_file(const std::filesystem::path& path, const std::string& text, std::ios::openmode mode) {
  std::ofstream out(path, mode);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

LoggingSolver::LoggingSolver(std::unique_ptr<Solver> inner, terms::TermManager& manager,
                             std::filesystem::path directory)
    : TrackingSolver(std::move(inner)), manager_(manager), directory_(std::move(directory)) {
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  if (error || !std::filesystem::is_directory(directory_))
    throw std::runtime_error("cannot create the directory " + directory_.string() + ": " + error.message());
}

SatResult LoggingSolver::check() {
  char file_name[32];
  std::snprintf(file_name, sizeof file_name, "query-%06u.smt2", ++count_);
  last_file_ = directory_ / file_name;
  std::string comment = "symref query " + std::to_string(count_) + " for " + inner().name();
  write_file(last_file_, smtlib_script(manager_, tracked_formulas(), comment), std::ios::out | std::ios::trunc);
  SatResult result;
  try {
    result = inner().check();
  } catch (const std::exception& error) {
    // A disagreement or an invalid model is a result worth keeping next to its query.
    write_file(last_file_, std::string("; result: error (") + error.what() + ")\n", std::ios::out | std::ios::app);
    throw;
  }
  std::string outcome = "; result: " + std::string(to_string(result));
  if (result == SatResult::Unknown) outcome += " (" + inner().reason_unknown() + ")";
  write_file(last_file_, outcome + "\n", std::ios::out | std::ios::app);
  return result;
}

}  // namespace symref::solver
