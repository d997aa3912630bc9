// The HTML report (interp/report): one self-contained page, both layouts with the same node ids
// and classes, the SVG splitting of a multi-graph `dot` run, and JSON made safe inside <script>.
#include <gtest/gtest.h>

#include <memory>
#include <regex>
#include <set>

#include "interp/explore/explorer.hpp"
#include "interp/report/external_program.hpp"
#include "interp/report/graphviz_layout.hpp"
#include "interp/report/html_report.hpp"
#include "interp/report/own_layout.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::report {
namespace {

struct Explored {
  std::unique_ptr<Program> program;
  std::unique_ptr<terms::TermManager> terms;
  ExplorationResult result;
};

Explored explore(const std::string& text, std::uint32_t loop_bound = 10) {
  Explored out;
  out.program = load_program_from_text("test.sym", text);
  out.terms = std::make_unique<terms::TermManager>(out.program.get());
  ExploreOptions options;
  options.limits.loop_bound = loop_bound;
  Explorer explorer(*out.program, *out.terms, options);
  out.result = explorer.explore();
  return out;
}

const char* const program_text =
    "var x: int;\nvar a: int[];\nmain {\n  if x > 0 {\n    x := a[x];\n  }\n  assume x != 5;\n  assert x < 10;\n}\n";

std::set<std::string> ids_with_class(const std::string& svg, const std::string& cls) {
  std::set<std::string> ids;
  std::regex pattern("<g id=\"([ns][0-9]+)\" class=\"node ([^\"]*)\"");
  for (std::sregex_iterator it(svg.begin(), svg.end(), pattern), end; it != end; ++it)
    if ((" " + (*it)[2].str() + " ").find(" " + cls + " ") != std::string::npos) ids.insert((*it)[1]);
  return ids;
}

TEST(HtmlReport, BothLayoutsDrawTheSameNodesWithTheSameClasses) {
  Explored e = explore(program_text);
  ReportContext context{*e.program, *e.terms, "test.sym", "forward", "z3"};
  TreeWindows windows = cut_into_windows(e.result, 100);
  TreePicture picture{context, e.result, windows};
  std::vector<std::string> own = draw_with_own_layout(picture);
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(ids_with_class(own[0], "leaf").size(), e.result.paths.size());
  for (const char* kind : {"normal", "out-of-bounds", "blocked", "assertion-failure"})
    EXPECT_FALSE(ids_with_class(own[0], kind).empty()) << kind;
  auto dot = find_executable("dot");
  if (!dot) GTEST_SKIP() << "Graphviz dot not found";
  std::string error;
  auto drawn = draw_with_graphviz(picture, *dot, 60, error);
  ASSERT_TRUE(drawn.has_value()) << error;
  ASSERT_EQ(drawn->size(), 1u);
  for (const char* kind : {"leaf", "fork", "root", "normal", "out-of-bounds", "blocked", "assertion-failure", "infeasible"})
    EXPECT_EQ(ids_with_class((*drawn)[0], kind), ids_with_class(own[0], kind)) << kind;
  EXPECT_EQ((*drawn)[0].find("<!--"), std::string::npos);
  EXPECT_EQ((*drawn)[0].find("<title>"), std::string::npos);
}

TEST(HtmlReport, SplitsTheSvgDocumentsOfOneDotRun) {
  const std::string output =
      "<?xml version=\"1.0\"?>\n<!-- a -->\n<svg width=\"1\"><title>g</title>\n<g id=\"n1\"></g>\n</svg>\n"
      "<?xml version=\"1.0\"?>\n<svg width=\"2\"><!-- n2 -->\n<g id=\"n2\"></g></svg>\n";
  auto documents = split_svg_documents(output);
  ASSERT_EQ(documents.size(), 2u);
  EXPECT_EQ(documents[0], "<svg width=\"1\"><g id=\"n1\"></g>\n</svg>");
  EXPECT_EQ(documents[1], "<svg width=\"2\"><g id=\"n2\"></g></svg>");
}

TEST(HtmlReport, JsonCannotCloseItsScriptElement) {
  EXPECT_EQ(json_for_script("{\"a\":\"</script><!--\"}"), "{\"a\":\"\\u003c/script>\\u003c!--\"}");
}

TEST(HtmlReport, OnePageWithEverythingInline) {
  Explored e = explore(program_text);
  ReportContext context{*e.program, *e.terms, "test.sym", "forward", "z3"};
  HtmlReportOptions options;
  options.layout = LayoutChoice::Own;
  HtmlReport page = build_html_report(context, e.result, e.program->source->text(), std::nullopt, options);
  EXPECT_EQ(page.layout, "own");
  EXPECT_EQ(page.windows, 1u);
  const std::string& html = page.html;
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  // Nothing is fetched: no src or href attributes, no external URLs.
  EXPECT_EQ(html.find(" src="), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("http://www.w3.org/2000/svg\" class"), html.find("http://www.w3.org/2000/svg\" class"));  // only namespaces
  EXPECT_EQ(html.find("https://"), std::string::npos);
  // Every placeholder of the template was filled, and the data is the exploration's JSON.
  for (const char* marker : {"@STYLE@", "@SCRIPT@", "@DATA@", "@TITLE@", "@GENERATOR@"}) EXPECT_EQ(html.find(marker), std::string::npos);
  const std::size_t start = html.find("<script type=\"application/json\" id=\"symref-data\">");
  ASSERT_NE(start, std::string::npos);
  const std::size_t begin = html.find('>', start) + 1, end = html.find("</script>", begin);
  auto data = nlohmann::json::parse(html.substr(begin, end - begin));
  EXPECT_EQ(data["exploration"]["paths"].size(), e.result.paths.size());
  EXPECT_EQ(data["tree"].size(), e.result.nodes.size());
  EXPECT_EQ(data["windows"].size(), 1u);
  EXPECT_TRUE(data["stepper"].is_null());
  EXPECT_FALSE(data["exploration"]["paths"][0].contains("pc_smt2"));
}

}  // namespace
}  // namespace symref::report
