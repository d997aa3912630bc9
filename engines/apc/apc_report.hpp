// The apc engine's results as text and as the stable JSON of `symref apc --format json`.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engines/apc/apc_analysis.hpp"

namespace symref::apc {

nlohmann::ordered_json analysis_to_json(ApcAnalysis& analysis, const std::string& file);
// `timings` false (--no-timings): without the seconds each query took.
std::string analysis_to_text(ApcAnalysis& analysis, const std::string& file, bool timings = true);

}  // namespace symref::apc
