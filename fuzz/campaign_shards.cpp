// Campaign parts: merging and the JSON of a shard (campaign_shards.hpp).
#include "fuzz/campaign_shards.hpp"
#include "interp/version.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <new>
#include <stdexcept>

namespace symref::fuzz {

CampaignResult merge_campaign_results(std::vector<CampaignResult> parts) {
  CampaignResult merged;
  merged.tallies.resize(props::all_properties().size());
  for (CampaignResult& part : parts) {
    merged.cases += part.cases;
    merged.seconds = std::max(merged.seconds, part.seconds);
    merged.generation_seconds += part.generation_seconds;
    merged.workspace_seconds += part.workspace_seconds;
    merged.stalls += part.stalls;
    for (std::size_t k = 0; k < part.tallies.size() && k < merged.tallies.size(); ++k) {
      PropertyTally& into = merged.tallies[k];
      const PropertyTally& from = part.tallies[k];
      into.cases += from.cases;
      into.checks += from.checks;
      into.unknown += from.unknown;
      into.skipped += from.skipped;
      into.seconds += from.seconds;
      into.fault_reached += from.fault_reached;
    }
    if (part.failure && (!merged.failure || part.failure->case_number < merged.failure->case_number))
      merged.failure = std::move(part.failure);
    merged.case_records.insert(merged.case_records.end(), part.case_records.begin(), part.case_records.end());
    if (part.coverage) {
      if (!merged.coverage) merged.coverage.emplace();
      merged.coverage->add(*part.coverage);
    }
  }
  std::sort(merged.case_records.begin(), merged.case_records.end(),
            [](const CaseRecord& a, const CaseRecord& b) { return a.number < b.number; });
  return merged;
}

std::string reproduce_line(const CampaignOptions& options, const std::vector<std::string>& property_names,
                           const std::string& fault, std::uint64_t case_number) {
  // To the end of the failing case's batch as the campaign ran it: RapidCheck sizes a batch's cases
  // by the batch's length, and the last case of a shorter batch is another program (--count 274
  // does not give case 274 of --count 275).  The run stops at the failure all the same.
  std::uint64_t count = (case_number + cases_per_batch - 1) / cases_per_batch * cases_per_batch;
  if (options.seconds <= 0) count = std::min(count, options.count);
  std::string line = "symref fuzz --seed " + std::to_string(options.seed) + " --level " + std::to_string(options.level) +
                     " --count " + std::to_string(count);
  if (options.settings.loop_bound != props::PropertySettings{}.loop_bound)
    line += " --loop-bound " + std::to_string(options.settings.loop_bound);
  if (options.settings.max_int_bits != props::PropertySettings{}.max_int_bits)
    line += " --max-int-bits " + std::to_string(options.settings.max_int_bits);
  if (options.settings.timeout_milliseconds != props::PropertySettings{}.timeout_milliseconds)
    line += " --solver-timeout " + std::to_string(options.settings.timeout_milliseconds);
  for (const auto& name : property_names) line += " --property " + name;
  if (!options.query_cache) line += " --no-query-cache";
  if (!options.settings.quantifier_expansion) line += " --no-quantifier-expansion";
  if (!options.settings.syntactic_contradictions) line += " --no-syntactic-contradictions";
  if (options.settings.isolation_grace_milliseconds == 0) line += " --no-isolated-checks";
  if (!fault.empty()) line += " --inject-fault " + fault;
  return line;
}

nlohmann::json shard_to_json(const CampaignOptions& options, const CampaignResult& result, const std::string& reproduce) {
  nlohmann::json document;
  document["version"] = json_format_version;
  document["seed"] = options.seed;
  document["level"] = options.level;
  document["shard"] = {options.shard_index, options.shard_count};
  document["cases"] = result.cases;
  document["seconds"] = result.seconds;
  document["generation_seconds"] = result.generation_seconds;
  document["workspace_seconds"] = result.workspace_seconds;
  document["unknowns"] = result.unknown();
  document["stalls"] = result.stalls;
  nlohmann::json properties = nlohmann::json::array();
  for (props::PropertyId id = 0; id < props::all_properties().size(); ++id) {
    const props::PropertyDescription& property = props::all_properties()[id];
    if (!options.properties.empty() && std::find(options.properties.begin(), options.properties.end(), id) == options.properties.end())
      continue;
    const PropertyTally& tally = result.tallies.at(id);
    properties.push_back({{"name", property.name},     {"cases", tally.cases},     {"checks", tally.checks},
                          {"unknown", tally.unknown},  {"skipped", tally.skipped}, {"seconds", tally.seconds},
                          {"fault_reached", tally.fault_reached}});
  }
  document["properties"] = std::move(properties);
  document["failures"] = nlohmann::json::array();
  if (const auto& failure = result.failure)
    document["failures"].push_back({{"property", failure->property},
                                    {"message", failure->message},
                                    {"first_message", failure->first_message},
                                    {"program", failure->program},
                                    {"input", failure->input},
                                    {"case", failure->case_number},
                                    {"batch", failure->batch},
                                    {"shrink_steps", failure->shrink_steps},
                                    {"shrink_evaluations", failure->shrink_evaluations},
                                    {"shrinking_stopped_by_time", failure->shrinking_stopped_by_time},
                                    {"reproduce", reproduce}});
  nlohmann::json records = nlohmann::json::array();
  for (const CaseRecord& record : result.case_records) records.push_back({record.number, record.digest});
  document["case_records"] = std::move(records);
  if (result.coverage) document["coverage"] = props::coverage_to_json(*result.coverage);
  return document;
}

CampaignResult shard_from_json(const nlohmann::json& document) {
  try {
    CampaignResult result;
    result.tallies.resize(props::all_properties().size());
    result.cases = document.at("cases").get<std::uint64_t>();
    result.seconds = document.value("seconds", 0.0);  // absent in a result written with --no-timings
    result.generation_seconds = document.value("generation_seconds", 0.0);
    result.workspace_seconds = document.value("workspace_seconds", 0.0);
    result.stalls = document.value("stalls", std::uint64_t{0});
    for (const auto& entry : document.at("properties")) {
      auto kind = props::property_by_name(entry.at("name").get<std::string>());
      if (!kind) throw std::runtime_error("unknown property " + entry.at("name").get<std::string>());
      PropertyTally& tally = result.tallies[static_cast<std::size_t>(*kind)];
      tally.cases = entry.at("cases").get<std::uint64_t>();
      tally.checks = entry.at("checks").get<std::uint64_t>();
      tally.unknown = entry.at("unknown").get<std::uint64_t>();
      tally.skipped = entry.at("skipped").get<std::uint64_t>();
      tally.seconds = entry.value("seconds", 0.0);
      tally.fault_reached = entry.value("fault_reached", std::uint64_t{0});
    }
    for (const auto& entry : document.at("failures")) {
      CampaignFailure failure;
      failure.property = entry.at("property").get<std::string>();
      failure.message = entry.at("message").get<std::string>();
      failure.first_message = entry.value("first_message", "");
      failure.program = entry.at("program").get<std::string>();
      failure.input = entry.at("input").get<std::string>();
      failure.case_number = entry.at("case").get<std::uint64_t>();
      failure.batch = entry.value("batch", std::uint64_t{0});
      failure.shrink_steps = entry.value("shrink_steps", std::size_t{0});
      failure.shrink_evaluations = entry.value("shrink_evaluations", std::size_t{0});
      failure.shrinking_stopped_by_time = entry.value("shrinking_stopped_by_time", false);
      if (!result.failure || failure.case_number < result.failure->case_number) result.failure = std::move(failure);
    }
    for (const auto& record : document.at("case_records"))
      result.case_records.push_back(CaseRecord{record.at(0).get<std::uint64_t>(), record.at(1).get<std::uint64_t>()});
    if (document.contains("coverage")) result.coverage = props::coverage_from_json(document.at("coverage"));
    return result;
  } catch (const nlohmann::json::exception& error) {
    throw std::runtime_error(std::string("not a fuzz shard result (") + error.what() + ")");
  }
}

}  // namespace symref::fuzz
