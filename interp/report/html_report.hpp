// `symref report`: one self-contained HTML page — the numbered source, the symbolic execution tree
// drawn as SVG (windows of whole levels, deeper subtrees collapsed), every node's details (path
// condition, σ, ρ and path(ρ), test input and replay verdict), the list of paths, and with an
// input the lockstep stepper of §2–§3.  Scripts, styles and pictures are inline: nothing is loaded
// when the page is viewed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "interp/explore/exploration_report.hpp"
#include "interp/report/stepper_record.hpp"
#include "interp/report/tree_layout.hpp"

namespace symref::report {

struct HtmlReportOptions {
  std::uint32_t loop_bound = 0;          // shown in the header
  std::string input_file;                // shown in the header when there is a stepper
  LayoutChoice layout = LayoutChoice::Automatic;
  std::size_t window_nodes = 100;        // nodes per tree window
  double layout_timeout_seconds = 120;   // for dot, over all windows
};

struct HtmlReport {
  std::string html;
  std::string layout;  // "graphviz" or "own"
  std::string layout_note;
  std::size_t windows = 0;
};

HtmlReport build_html_report(const ReportContext& context, const ExplorationResult& result, const std::string& source_text,
                             const std::optional<StepperRecord>& stepper, const HtmlReportOptions& options);

// JSON text made safe to sit inside a <script> element ("</" written as "<\/").
std::string json_for_script(const std::string& json);

}  // namespace symref::report
