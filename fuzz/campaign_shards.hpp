// A campaign in parts (fuzz/campaign.hpp): shards run on other machines, their results as JSON,
// and the merge of the parts into one result.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz/campaign.hpp"

namespace symref::fuzz {

// The results of disjoint parts of one campaign as one: tallies summed, cases in number order,
// the failure of the lowest case number kept.  Seconds: the longest part's (they ran side by side).
CampaignResult merge_campaign_results(std::vector<CampaignResult> parts);

// The `symref fuzz` line that reproduces case `case_number`: the campaign's first case_number
// cases (batches are seeded one by one, so this prefix holds the same case).
std::string reproduce_line(const CampaignOptions& options, const std::vector<std::string>& property_names,
                           const std::string& fault, std::uint64_t case_number);

// A shard's result file: {seed, level, shard: [I, N], cases, seconds, properties: {name: tally},
// failures: [{property, message, case, program, input, reproduce}], unknowns, case_records}.
nlohmann::json shard_to_json(const CampaignOptions& options, const CampaignResult& result, const std::string& reproduce);
// Back from JSON; throws std::runtime_error on a document that is not a shard result.
CampaignResult shard_from_json(const nlohmann::json& document);

}  // namespace symref::fuzz
