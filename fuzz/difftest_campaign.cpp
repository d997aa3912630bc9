// Differential campaigns against an outside tool: generate, difftest, shrink what disagrees.
#include "fuzz/difftest_campaign.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <unistd.h>

#include "interp/cli/command.hpp"
#include "props/generator.hpp"
#include "props/shrinking.hpp"
#include "props/test_case.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::fuzz {

namespace {

// The generator's size for the program of seed `seed`: a function of the seed alone, so that
// `--seed SEED --count 1` generates the same program again.
int program_size(std::uint64_t seed) { return 10 + static_cast<int>(seed % 41); }

// Does the tool disagree with symref on this test case's program?  Programs the front end
// rejects (a shrink that left the language) count as agreeing.
bool disagrees(const props::TestCase& test_case, const interop::DifftestOptions& options) {
  try {
    auto program = load_program_from_text("shrink.sym", props::program_text(test_case));
    return interop::difftest_program(*program, "shrink.sym", options).disagrees();
  } catch (const InputError&) {
    return false;
  }
}

// Greedy shrinking: take the first edit that keeps the disagreement, until none does or the
// budget of difftest runs is spent.
props::TestCase shrink(props::TestCase test_case, const interop::DifftestOptions& options, std::size_t budget) {
  bool progress = true;
  while (progress && budget > 0) {
    progress = false;
    for (const props::ShrinkEdit& edit : props::shrink_edits(test_case)) {
      if (budget == 0) break;
      if (edit.kind == props::ShrinkEdit::Kind::RemoveInput || edit.kind == props::ShrinkEdit::Kind::RemoveProbe ||
          edit.kind == props::ShrinkEdit::Kind::RemoveUpdate || edit.kind == props::ShrinkEdit::Kind::RemoveObject ||
          edit.kind == props::ShrinkEdit::Kind::SimplifyValue)
        continue;  // difftest chooses its own inputs: only the program matters
      --budget;
      props::TestCase candidate = props::apply_shrink_edit(test_case, edit);
      if (disagrees(candidate, options)) {
        test_case = std::move(candidate);
        progress = true;
        break;
      }
    }
  }
  return test_case;
}

}  // namespace

int run_difftest_campaign(const interop::CampaignRequest& request) {
  cli::activate_fault(request.fault);
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  if (!request.out_directory.empty()) std::filesystem::create_directories(request.out_directory);

  const bool progress = isatty(STDERR_FILENO) != 0;  // a progress line on a terminal only
  interop::AgreementCounts totals;
  std::uint64_t programs = 0, disagreeing = 0, rejected = 0;
  nlohmann::ordered_json records = nlohmann::ordered_json::array();
  for (std::uint64_t k = request.shard_index;; k += request.shard_count) {
    if (request.time_seconds > 0 ? elapsed() >= request.time_seconds : k >= request.count) break;
    const std::uint64_t seed = request.seed + k;
    props::TestCase test_case = props::generate_test_case(seed, request.level, program_size(seed));
    const std::string name = "difftest-" + std::to_string(seed) + ".sym";
    std::unique_ptr<Program> program;
    try {
      program = load_program_from_text(name, props::program_text(test_case));
    } catch (const InputError& error) {
      ++rejected;  // the generator makes well-typed programs; counted in case it ever does not
      continue;
    }
    interop::DifftestReport report = interop::difftest_program(*program, name, request.difftest);
    ++programs;
    totals += report.counts();
    nlohmann::ordered_json record{{"seed", seed}, {"counts", interop::report_to_json(report)["counts"]["total"]},
                                  {"seconds", report.seconds}};
    if (report.disagrees()) {
      ++disagreeing;
      props::TestCase shrunk = shrink(test_case, request.difftest, 200);
      std::string shrunk_text = props::program_text(shrunk);
      std::string shrunk_file = "difftest-" + std::to_string(seed) + "-shrunk.sym";
      std::filesystem::path where = request.out_directory.empty() ? std::filesystem::path(".") : std::filesystem::path(request.out_directory);
      std::ofstream(where / shrunk_file) << shrunk_text;
      auto shrunk_program = load_program_from_text(shrunk_file, shrunk_text);
      interop::DifftestReport shrunk_report = interop::difftest_program(*shrunk_program, shrunk_file, request.difftest);
      std::cout << "disagreement on the program of seed " << seed << " (level " << request.level << "), shrunk to "
                << (where / shrunk_file).string() << ":\n"
                << shrunk_text << interop::report_to_text(shrunk_report, false)
                << "reproduce: symref difftest " << (where / shrunk_file).string() << " --against " << request.difftest.against
                << " --loop-bound " << request.difftest.export_options.loop_bound
                << (request.fault.empty() ? "" : " --inject-fault " + request.fault) << "\n"
                << "regenerate: symref difftest --campaign --against " << request.difftest.against << " --seed " << seed
                << " --count 1 --level " << request.level << "\n";
      record["shrunk"] = (where / shrunk_file).string();
    }
    records.push_back(std::move(record));
    if (progress)
      std::cerr << "\r" << programs << (request.time_seconds > 0 ? "" : "/" + std::to_string(request.count / request.shard_count))
                << " programs, " << disagreeing << " disagreeing" << std::flush;
  }
  if (progress) std::cerr << "\n";
  nlohmann::ordered_json summary{{"against", request.difftest.against},
                                 {"level", request.level},
                                 {"seed", request.seed},
                                 {"shard", {request.shard_index, request.shard_count}},
                                 {"programs", programs},
                                 {"disagreeing_programs", disagreeing},
                                 {"rejected_programs", rejected},
                                 {"counts", {{"agree", totals.agree}, {"disagree", totals.disagree},
                                             {"incomplete", totals.incomplete}, {"inconclusive", totals.inconclusive}}},
                                 {"seconds", elapsed()},
                                 {"programs_detail", records}};
  if (!request.out_directory.empty())
    std::ofstream(std::filesystem::path(request.out_directory) / ("difftest-shard-" + std::to_string(request.shard_index) + "-of-" +
                                                                  std::to_string(request.shard_count) + ".json"))
        << summary.dump(2) << "\n";
  if (request.format == "json") {
    std::cout << summary.dump(2) << "\n";
  } else {
    std::cout << "difftest campaign against " << request.difftest.against << ", level " << request.level << ": " << programs
              << " programs, " << disagreeing << " disagreeing; " << totals.total() << " comparisons: " << totals.agree
              << " agree, " << totals.disagree << " disagree, " << totals.incomplete << " incomplete, " << totals.inconclusive
              << " inconclusive\n";
  }
  return disagreeing > 0 ? 3 : 0;
}

}  // namespace symref::fuzz
