// `symref fuzz-merge`: the JSON results of a sharded campaign's parts merged into one summary.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "fuzz/campaign_shards.hpp"
#include "fuzz/commands.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::fuzz {

namespace {

struct ShardFile {
  std::filesystem::path path;
  nlohmann::json document;
};

bool is_shard_result(const nlohmann::json& document) {
  return document.is_object() && document.contains("shard") && document.contains("seed") && document.contains("level");
}

std::optional<ShardFile> read_shard(const std::filesystem::path& path) {
  std::ifstream in(path);
  nlohmann::json document = nlohmann::json::parse(in, nullptr, false);
  if (document.is_discarded() || !is_shard_result(document)) return std::nullopt;
  return ShardFile{path, std::move(document)};
}

// Each argument is a shard result file or a directory; of a directory, every *.json directly in
// it that is a shard result, in path order (others, such as the counterexamples `fuzz
// --output-dir` writes beside them, are skipped).  A file named on the command line must be one.
std::vector<ShardFile> read_shards(const std::vector<std::string>& arguments) {
  std::vector<ShardFile> shards;
  for (const auto& argument : arguments) {
    std::error_code error;
    if (std::filesystem::is_regular_file(argument, error)) {
      auto shard = read_shard(argument);
      if (!shard) throw InputError(argument + ": error: not a fuzz shard result\n");
      shards.push_back(std::move(*shard));
      continue;
    }
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(argument, error))
      if (entry.is_regular_file() && entry.path().extension() == ".json") paths.push_back(entry.path());
    if (error) throw InputError(argument + ": error: cannot read the directory (" + error.message() + ")\n");
    std::sort(paths.begin(), paths.end());
    for (const auto& path : paths)
      if (auto shard = read_shard(path)) shards.push_back(std::move(*shard));
  }
  if (shards.empty()) throw InputError("fuzz-merge: error: no shard results among the files and directories given\n");
  return shards;
}

// The shards of `difftest --campaign --shard I/N --out DIR` (difftest_campaign.hpp): their counts
// summed, every shard present once, every disagreeing program listed with its shrunk file.
int merge_difftest(const std::vector<ShardFile>& shards, bool timings) {
  const nlohmann::json& first = shards.front().document;
  const auto shard_count = first.at("shard").at(1).get<std::uint64_t>();
  std::set<std::uint64_t> present;
  std::map<std::string, std::uint64_t> counts;
  std::uint64_t programs = 0, disagreeing = 0;
  double slowest = 0;
  for (const auto& shard : shards) {
    const nlohmann::json& document = shard.document;
    if (!document.contains("against") || document.at("against") != first.at("against") || document.at("seed") != first.at("seed") ||
        document.at("level") != first.at("level") || document.at("shard").at(1).get<std::uint64_t>() != shard_count)
      throw InputError(shard.path.string() + ": error: belongs to another campaign (tool, seed, level or shard count differ)\n");
    const auto index = document.at("shard").at(0).get<std::uint64_t>();
    if (!present.insert(index).second)
      throw InputError(shard.path.string() + ": error: shard " + std::to_string(index) + "/" + std::to_string(shard_count) +
                       " given twice\n");
    programs += document.at("programs").get<std::uint64_t>();
    disagreeing += document.at("disagreeing_programs").get<std::uint64_t>();
    for (const auto& [kind, n] : document.at("counts").items()) counts[kind] += n.get<std::uint64_t>();
    if (document.contains("seconds")) slowest = std::max(slowest, document.at("seconds").get<double>());
  }
  std::string missing;
  for (std::uint64_t index = 0; index < shard_count; ++index)
    if (!present.contains(index)) missing += (missing.empty() ? "" : ", ") + std::to_string(index);
  if (!missing.empty())
    throw InputError("fuzz-merge: error: no result for shard(s) " + missing + " of " + std::to_string(shard_count) + "\n");
  std::cout << "fuzz-merge: difftest campaign against " << first.at("against").get<std::string>() << ", seed "
            << first.at("seed").get<std::uint64_t>() << ", level " << first.at("level").get<int>() << ", " << shard_count
            << " shards\n"
            << programs << " programs, " << disagreeing << " disagreeing; " << counts["agree"] << " agree, " << counts["disagree"]
            << " disagree, " << counts["incomplete"] << " incomplete, " << counts["inconclusive"]
            << " inconclusive";
  if (timings) std::cout << "; the slowest shard took " << slowest << " s";
  std::cout << "\n";
  for (const auto& shard : shards)
    for (const auto& program : shard.document.at("programs_detail"))
      if (program.contains("shrunk"))
        std::cout << "DISAGREES (shard " << shard.document.at("shard").at(0).get<std::uint64_t>() << "): the program of seed "
                  << program.at("seed").get<std::uint64_t>() << ", shrunk to " << program.at("shrunk").get<std::string>() << "\n";
  return disagreeing == 0 ? cli::exit_done : cli::exit_property_failure;
}

int merge(const std::vector<std::string>& directories, bool timings) {
  std::vector<ShardFile> shards = read_shards(directories);
  const nlohmann::json& first = shards.front().document;
  if (first.contains("against")) return merge_difftest(shards, timings);
  const auto seed = first.at("seed").get<std::uint64_t>();
  const int level = first.at("level").get<int>();
  const auto shard_count = first.at("shard").at(1).get<std::uint64_t>();
  std::set<std::uint64_t> present;
  std::vector<CampaignResult> parts;
  CampaignOptions options;
  options.seed = seed;
  options.level = level;
  for (const auto& shard : shards) {
    const nlohmann::json& document = shard.document;
    const auto index = document.at("shard").at(0).get<std::uint64_t>();
    if (document.at("seed").get<std::uint64_t>() != seed || document.at("level").get<int>() != level ||
        document.at("shard").at(1).get<std::uint64_t>() != shard_count)
      throw InputError(shard.path.string() + ": error: belongs to another campaign (seed, level or shard count differ)\n");
    if (!present.insert(index).second)
      throw InputError(shard.path.string() + ": error: shard " + std::to_string(index) + "/" + std::to_string(shard_count) +
                       " given twice\n");
    try {
      parts.push_back(shard_from_json(document));
    } catch (const std::runtime_error& error) {
      throw InputError(shard.path.string() + ": error: " + error.what() + "\n");
    }
    if (options.properties.empty())
      for (const auto& property : document.at("properties"))
        options.properties.push_back(*props::property_by_name(property.at("name").get<std::string>()));
  }
  std::string missing;
  for (std::uint64_t index = 0; index < shard_count; ++index)
    if (!present.contains(index)) missing += (missing.empty() ? "" : ", ") + std::to_string(index);
  if (!missing.empty())
    throw InputError("fuzz-merge: error: no result for shard(s) " + missing + " of " + std::to_string(shard_count) + "\n");

  const auto with_coverage = std::count_if(parts.begin(), parts.end(), [](const CampaignResult& part) { return part.coverage.has_value(); });
  if (with_coverage != 0 && with_coverage != static_cast<std::ptrdiff_t>(parts.size()))
    throw InputError("fuzz-merge: error: " + std::to_string(with_coverage) + " of the " + std::to_string(parts.size()) +
                     " shards were run with --coverage: their engine coverage cannot be summed\n");
  CampaignResult merged = merge_campaign_results(std::move(parts));
  std::cout << "fuzz-merge: seed " << seed << ", level " << level << ", " << shard_count << " shards\n";
  std::cout << campaign_summary(options, merged, timings);
  std::cout << merged.cases << " programs, " << merged.properties_checked() << " properties checked, " << merged.unknown()
            << " unknown skipped" << stalls_note(merged);
  if (timings) std::cout << "; the slowest shard took " << merged.seconds << " s";
  std::cout << "\n";
  if (merged.coverage) std::cout << props::coverage_report(*merged.coverage, level);
  std::size_t failures = 0;
  for (const auto& shard : shards)
    for (const auto& failure : shard.document.at("failures")) {
      ++failures;
      std::cout << "FAILED (shard " << shard.document.at("shard").at(0).get<std::uint64_t>() << "): property "
                << failure.at("property").get<std::string>() << " on case " << failure.at("case").get<std::uint64_t>() << "\n"
                << "  " << failure.at("message").get<std::string>() << "\n"
                << "  reproduce: " << failure.value("reproduce", "") << "\n";
    }
  return failures == 0 ? cli::exit_done : cli::exit_property_failure;
}

}  // namespace

void add_fuzz_merge_command(CLI::App& app, cli::Action& action) {
  auto directories = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand("fuzz-merge", "merge the shard results of `symref fuzz --shard I/N --out DIR`");
  command->add_option("DIR", *directories,
                      "shard result files (shard-I-of-N.json), or directories holding them (other files there are skipped)")
      ->required();
  auto no_timings = std::make_shared<bool>(false);
  cli::add_no_timings_flag(command, *no_timings);
  command->final_callback([&action, directories, no_timings] {
    action = [directories, no_timings] { return merge(*directories, !*no_timings); };
  });
}

}  // namespace symref::fuzz
