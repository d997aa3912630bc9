// Assembling the HTML report from the exploration, the tree's pictures and the stepper (interp/report).
#include "interp/report/html_report.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "interp/report/report_assets.hpp"
#include "interp/report/tree_windows.hpp"
#include "interp/version.hpp"

namespace symref::report {

namespace {

using Json = nlohmann::ordered_json;

// The template with each @NAME@ replaced by its text; the texts themselves are not searched.
std::string substitute(std::string_view page, const std::vector<std::pair<std::string_view, std::string_view>>& values) {
  std::string out;
  std::size_t position = 0;
  while (position < page.size()) {
    std::size_t at = page.find('@', position);
    if (at == std::string_view::npos) break;
    bool replaced = false;
    for (const auto& [marker, text] : values) {
      if (page.compare(at, marker.size(), marker) == 0) {
        out.append(page.substr(position, at - position));
        out.append(text);
        position = at + marker.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) {
      out.append(page.substr(position, at + 1 - position));
      position = at + 1;
    }
  }
  out.append(page.substr(std::min(position, page.size())));
  return out;
}

}  // namespace

std::string json_for_script(const std::string& json) {
  std::string out;
  out.reserve(json.size() + json.size() / 64);
  for (std::size_t i = 0; i < json.size(); ++i) {
    // Only inside JSON strings can "</" or "<!--" occur; "\/" is a valid escape there.
    if (json[i] == '<' && i + 1 < json.size() && (json[i + 1] == '/' || json[i + 1] == '!')) {
      out += "\\u003c";
      continue;
    }
    out += json[i];
  }
  return out;
}

HtmlReport build_html_report(const ReportContext& context, const ExplorationResult& result, const std::string& source_text,
                             const std::optional<StepperRecord>& stepper, const HtmlReportOptions& options) {
  TreeWindows windows = cut_into_windows(result, options.window_nodes);
  TreePicture picture{context, result, windows};
  TreeSvgs svgs = draw_windows(picture, options.layout, options.layout_timeout_seconds);

  Json data;
  data["program"] = context.program_path;
  data["engine"] = context.engine;
  data["solver"] = context.solver;
  data["loop_bound"] = options.loop_bound;
  data["layout"] = svgs.layout;
  data["layout_note"] = svgs.note;
  data["source"] = source_text;
  Json exploration = exploration_to_json(context, result);
  // The page shows the readable path conditions; SMT-LIB2 stays with `explore --format json`.
  for (auto& path : exploration["paths"]) path.erase("pc_smt2");
  data["exploration"] = std::move(exploration);
  data["tree"] = exploration_tree_to_json(context, result);
  Json window_list = Json::array();
  for (std::size_t w = 0; w < windows.windows.size(); ++w)
    window_list.push_back({{"root", windows.windows[w].root}, {"svg", svgs.svgs[w]}});
  data["windows"] = std::move(window_list);
  data["window_of"] = windows.window_of;
  data["window_rooted"] = windows.window_rooted;
  if (stepper) {
    data["stepper"] = stepper->json;
    data["input_file"] = options.input_file;
  } else {
    data["stepper"] = nullptr;
  }

  const std::string generator = "symref " + std::string(version());
  const std::string title = "symref report — " + xml_escape(context.program_path);
  const std::string json = json_for_script(data.dump(-1, ' ', false, Json::error_handler_t::replace));
  std::string page = substitute(report_page_template, {{"@GENERATOR@", generator},
                                                       {"@TITLE@", title},
                                                       {"@STYLE@", report_style},
                                                       {"@DATA@", json},
                                                       {"@SCRIPT@", report_script}});

  HtmlReport report;
  report.html = std::move(page);
  report.layout = svgs.layout;
  report.layout_note = svgs.note;
  report.windows = windows.windows.size();
  return report;
}

}  // namespace symref::report
