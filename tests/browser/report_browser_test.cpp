// `symref report` checked in a real browser: headless Chromium loads reports of corpus programs
// and the tests read the DOM — the leaves drawn and their outcomes against `explore --format json`,
// the path condition shown after a real mouse click on a leaf against the JSON's, the fallback
// layout, a tree of 2^12 leaves, and the stepper driven by the keyboard against `symref step`.
// Screenshots go to $SYMREF_SCREENSHOT_DIR (or the build directory).  Without Chromium the tests
// are skipped with the reason printed, unless SYMREF_BROWSER_TESTS=require.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "devtools_client.hpp"
#include "support/command_test.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using symref::testing::Chromium;
using symref::testing::Page;

const std::string kSource = SYMREF_SOURCE_DIR;

std::string corpus(const std::string& relative) { return kSource + "/corpus/" + relative; }
using Result = symref::testing::ProcessResult;
using symref::testing::read_file;

// The leaf kind a path of `explore --format json` shows (as the report names it).
std::string kind_of(const Json& path) {
  if (path["status"] == "unsat") return "infeasible";
  if (path["status"] == "unknown") return "unknown";
  return path["outcome"].get<std::string>();
}

bool browser_tests_required() {
  const char* value = std::getenv("SYMREF_BROWSER_TESTS");
  return value != nullptr && std::string(value) == "require";
}

class ReportBrowserTest : public symref::testing::CommandTest {
 protected:
  static void SetUpTestSuite() {
    auto executable = Chromium::find_executable();
    if (!executable) {
      skip_reason_ = new std::string("Chromium is not installed (apt-get install chromium); browser tests skipped");
      return;
    }
    browser_ = new Chromium(*executable);
    if (!browser_->running()) {
      skip_reason_ = new std::string("Chromium did not start: " + browser_->error());
      delete browser_;
      browser_ = nullptr;
    }
  }
  static void TearDownTestSuite() {
    delete browser_;
    browser_ = nullptr;
    delete skip_reason_;
    skip_reason_ = nullptr;
  }

  void SetUp() override {
    if (browser_ == nullptr) {
      const std::string reason = skip_reason_ ? *skip_reason_ : "no browser";
      if (browser_tests_required()) FAIL() << reason << " (SYMREF_BROWSER_TESTS=require)";
      std::cout << "browser test skipped: " << reason << "\n";
      GTEST_SKIP() << reason;
    }
    CommandTest::SetUp();
  }

  Result run(const std::vector<std::string>& args, const std::string& environment = "") {
    return run_command(SYMREF_BINARY, args, environment);
  }

  // Writes the report of `program` with `options`; returns its path.
  std::string report(const std::string& program, const std::vector<std::string>& options, const std::string& name,
                     const std::string& environment = "") {
    std::vector<std::string> args{"report", program, "-o", (directory_ / name).string()};
    args.insert(args.end(), options.begin(), options.end());
    Result r = run(args, environment);
    EXPECT_EQ(r.code, 0) << r.err;
    return (directory_ / name).string();
  }
  Json explore(const std::string& program, const std::vector<std::string>& options) {
    std::vector<std::string> args{"explore", program, "--format", "json"};
    args.insert(args.end(), options.begin(), options.end());
    Result r = run(args);
    EXPECT_EQ(r.code, 0) << r.err;
    return Json::parse(r.out);
  }

  void save_screenshot(Page& page, const std::string& name) {
    const char* configured = std::getenv("SYMREF_SCREENSHOT_DIR");
    fs::path directory = configured != nullptr ? fs::path(configured) : fs::path(SYMREF_BUILD_DIR) / "browser-screenshots";
    fs::create_directories(directory);
    std::string png = page.screenshot();
    ASSERT_GT(png.size(), 8000u);
    ASSERT_EQ(png.substr(1, 3), "PNG");
    std::ofstream(directory / name, std::ios::binary) << png;
  }

  // The path number a leaf's label gives ("T   path 3" → 3).
  static int path_number(const std::string& label) {
    std::smatch match;
    static const std::regex pattern("path ([0-9]+)");
    return std::regex_search(label, match, pattern) ? std::stoi(match[1]) : -1;
  }

  // Every leaf of the window on screen: its path number and classes.
  std::vector<std::pair<int, std::string>> leaves_on_screen(Page& page) {
    Json leaves = page.evaluate(
        "Array.from(document.querySelectorAll('#tree-canvas g.node.leaf')).map(g => [g.querySelector('text').dataset.raw, "
        "g.getAttribute('class'), g.id])");
    std::vector<std::pair<int, std::string>> out;
    for (const auto& leaf : leaves) out.emplace_back(path_number(leaf[0]), leaf[1].get<std::string>() + " #" + leaf[2].get<std::string>());
    return out;
  }

  // Clicks the leaf of path `number` on screen and checks the details: the path condition shown
  // (in program notation) is the JSON's, and a source line is marked.
  void click_leaf_and_check(Page& page, const Json& paths, int number, const std::string& element_id) {
    page.click("#" + element_id);
    EXPECT_EQ(page.evaluate("document.getElementById('details-title').textContent"), "Details · path " + std::to_string(number));
    Json shown = page.evaluate("(() => { const e = document.querySelector('#details .pc'); return e ? e.textContent : null; })()");
    ASSERT_TRUE(shown.is_string()) << "no path condition shown for path " << number;
    EXPECT_EQ(shown.get<std::string>(), paths[number - 1]["pc"].get<std::string>()) << "path " << number;
    EXPECT_TRUE(page.evaluate("document.querySelector('#tree-canvas g.node.selected') !== null").get<bool>());
    Json marked = page.evaluate(
        "Array.from(document.querySelectorAll('ol.source li.hl-branch, ol.source li.hl-here')).map(li => li.textContent)");
    EXPECT_FALSE(marked.empty()) << "no source line marked for path " << number;
  }

  static Chromium* browser_;
  static std::string* skip_reason_;
};

Chromium* ReportBrowserTest::browser_ = nullptr;
std::string* ReportBrowserTest::skip_reason_ = nullptr;

struct Program {
  const char* file;
  std::vector<std::string> options;
  const char* screenshot;  // or null
  const char* shown_kind;  // the kind of leaf selected for the screenshot
};

// Programs with every kind of leaf between them: normal, each error, blocked, bound, infeasible.
const std::vector<Program> programs{
    {"classic/factorial.sym", {"--loop-bound", "3"}, "tree-factorial.png", "normal"},
    {"aliasing/field_alias.sym", {"--engine", "trace"}, "tree-field-alias-trace.png", "assertion-failure"},
    {"basic/nested_if.sym", {}, nullptr, nullptr},
    {"errors/array_window.sym", {"--loop-bound", "2"}, nullptr, nullptr},
    {"errors/nil_receiver.sym", {}, nullptr, nullptr},
};

TEST_F(ReportBrowserTest, LeavesOutcomesAndTheClickedLeafsPathCondition) {
  for (const auto& program : programs) {
    SCOPED_TRACE(program.file);
    const std::string file = corpus(program.file);
    Json explored = explore(file, program.options);
    const Json& paths = explored["paths"];
    std::string html = report(file, program.options, "report.html");
    Page page(*browser_, 1500, 950);
    page.open("file://" + html);

    // The summary counts every kind of leaf as the JSON does.
    std::map<std::string, int> expected;
    for (const auto& path : paths) ++expected[kind_of(path)];
    Json chips = page.evaluate("Array.from(document.querySelectorAll('#summary .chip')).map(c => [c.dataset.kind, Number(c.dataset.count)])");
    std::map<std::string, int> shown;
    for (const auto& chip : chips) shown[chip[0]] = chip[1];
    EXPECT_EQ(shown, expected);

    // These trees fit one window: every leaf is drawn, once, with its outcome.
    auto leaves = leaves_on_screen(page);
    ASSERT_EQ(leaves.size(), paths.size());
    std::set<int> seen;
    for (const auto& [number, classes] : leaves) {
      ASSERT_GE(number, 1) << classes;
      ASSERT_LE(number, static_cast<int>(paths.size()));
      EXPECT_TRUE(seen.insert(number).second) << "path " << number << " drawn twice";
      EXPECT_NE((" " + classes + " ").find(" " + kind_of(paths[number - 1]) + " "), std::string::npos)
          << "path " << number << ": " << classes;
    }

    // A real click on the notation switch, then on leaves.
    page.click("#notation");
    EXPECT_EQ(page.evaluate("document.getElementById('notation').textContent"), "x <= y");
    for (std::size_t k = 0; k < leaves.size() && k < 10; ++k) {
      const std::string& classes = leaves[k].second;
      click_leaf_and_check(page, paths, leaves[k].first, classes.substr(classes.find('#') + 1));
    }
    if (program.screenshot) {
      page.click("#notation");  // back to mathematical notation for the picture
      for (const auto& [number, classes] : leaves)
        if (kind_of(paths[number - 1]) == program.shown_kind) {
          page.click("#" + classes.substr(classes.find('#') + 1));
          break;
        }
      save_screenshot(page, program.screenshot);
    }
  }
}

TEST_F(ReportBrowserTest, OwnLayoutWhenGraphvizIsAbsent) {
  const std::string file = corpus("classic/factorial.sym");
  Json paths = explore(file, {"--loop-bound", "3"})["paths"];
  // No dot on PATH: the report falls back to symref's own layout and says so.
  Result r = run({"report", file, "--loop-bound", "3", "-o", (directory_ / "own.html").string()}, "env PATH=/nonexistent");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("Graphviz dot was not found on PATH"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("drawn by symref's own layout"), std::string::npos) << r.out;
  Page page(*browser_, 1500, 950);
  page.open("file://" + (directory_ / "own.html").string());
  EXPECT_TRUE(page.evaluate("document.querySelector('#tree-canvas svg.own-layout') !== null").get<bool>());
  EXPECT_NE(page.evaluate("document.getElementById('layout-note').textContent").get<std::string>().find("own layout"), std::string::npos);
  auto leaves = leaves_on_screen(page);
  ASSERT_EQ(leaves.size(), paths.size());
  page.click("#notation");
  for (const auto& [number, classes] : leaves) {
    EXPECT_NE(classes.find(kind_of(paths[number - 1])), std::string::npos) << number;
    click_leaf_and_check(page, paths, number, classes.substr(classes.find('#') + 1));
  }
  // Keyboard: ] walks the leaves left to right, [ back.
  page.click("#tree-canvas g.node.root");
  page.press("]");
  const std::string first = page.evaluate("document.getElementById('details-title').textContent");
  page.press("]");
  const std::string second = page.evaluate("document.getElementById('details-title').textContent");
  EXPECT_NE(first, second);
  page.press("[");
  EXPECT_EQ(page.evaluate("document.getElementById('details-title').textContent"), first);
}

TEST_F(ReportBrowserTest, TwoToTheTwelveLeaves) {
  const std::string file = corpus("basic/path_explosion_12.sym");
  std::string html = report(file, {}, "big.html");
  const auto size = fs::file_size(html);
  std::cout << "report of 2^12 leaves: " << size << " bytes\n";
  EXPECT_LT(size, 20u * 1024 * 1024);
  Json paths = explore(file, {})["paths"];
  ASSERT_EQ(paths.size(), 4096u);

  Page page(*browser_, 1500, 950);
  page.open("file://" + html);
  EXPECT_EQ(page.evaluate("document.querySelector('#summary .chip.k-normal').dataset.count"), "4096");
  // The first window shows the top of the tree; the rest is collapsed into stubs.
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#tree-canvas g.node.leaf').length"), 0);
  const int stubs = page.evaluate("document.querySelectorAll('#tree-canvas g.node.stub').length");
  EXPECT_GT(stubs, 1);
  // Open collapsed subtrees by clicking their stubs until leaves appear.
  int opened = 0;
  while (page.evaluate("document.querySelectorAll('#tree-canvas g.node.leaf').length") == 0 && opened < 6) {
    const std::string before = page.evaluate("document.querySelector('#crumbs .current').textContent");
    page.click("#tree-canvas g.node.stub");
    const std::string after = page.evaluate("document.querySelector('#crumbs .current').textContent");
    EXPECT_NE(before, after);
    ++opened;
  }
  auto leaves = leaves_on_screen(page);
  ASSERT_FALSE(leaves.empty());
  page.click("#notation");
  for (std::size_t k = 0; k < leaves.size() && k < 4; ++k) {
    const auto& [number, classes] = leaves[k];
    EXPECT_NE(classes.find("normal"), std::string::npos);
    click_leaf_and_check(page, paths, number, classes.substr(classes.find('#') + 1));
  }
  // Back up the windows with the keyboard, and every path is listed in the Paths tab.
  page.press("Backspace");
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#tree-canvas g.node.leaf').length"), 0);
  page.click("#tab-button-paths");
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#paths-table tbody tr').length"), 4096);
}

// The rule names of `symref step` in order, and its step count.
std::vector<std::pair<std::string, std::string>> step_rules(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> rules;
  static const std::regex line("^#[0-9]+ +[^ ]+ [^ ]+ +([a-z_]+) \\| ([a-z_]+)");
  std::istringstream in(text);
  std::string row;
  while (std::getline(in, row)) {
    std::smatch match;
    if (std::regex_search(row, match, line)) rules.emplace_back(match[1], match[2]);
  }
  return rules;
}

TEST_F(ReportBrowserTest, StepperAgainstSymrefStep) {
  const std::string file = corpus("classic/factorial.sym");
  const std::string input = corpus("classic/factorial.input.json");
  Result stepped = run({"step", file, "--input", input});
  ASSERT_EQ(stepped.code, 0) << stepped.err;
  auto rules = step_rules(stepped.out);
  ASSERT_GT(rules.size(), 10u);
  std::string html = report(file, {"--input", input, "--loop-bound", "3"}, "stepper.html");

  Page page(*browser_, 1500, 950);
  page.open("file://" + html);
  page.click("#tab-button-stepper");
  const std::string total = std::to_string(rules.size());
  EXPECT_EQ(page.evaluate("document.getElementById('step-counter').textContent"), "step 0 / " + total);
  // Every step, by the keyboard: both rule names as `symref step` prints them, and every check holds.
  for (std::size_t k = 1; k <= rules.size(); ++k) {
    page.press("ArrowRight");
    ASSERT_EQ(page.evaluate("document.getElementById('step-counter').textContent"), "step " + std::to_string(k) + " / " + total);
    Json cards = page.evaluate("Array.from(document.querySelectorAll('.rule-card .rule')).map(e => e.textContent)");
    ASSERT_EQ(cards.size(), 2u);
    EXPECT_EQ(cards[0], rules[k - 1].first) << "step " << k;
    EXPECT_EQ(cards[1], rules[k - 1].second) << "step " << k;
    EXPECT_EQ(page.evaluate("document.querySelectorAll('.check.fail').length"), 0) << "step " << k;
    EXPECT_EQ(page.evaluate("document.querySelectorAll('.check.ok').length"), 3) << "step " << k;
    EXPECT_EQ(page.evaluate("document.querySelectorAll('ol.source li.hl-step').length"), 1) << "step " << k;
  }
  page.press("Home");
  EXPECT_EQ(page.evaluate("document.getElementById('step-counter').textContent"), "step 0 / " + total);
  page.click("#step-next");
  page.click("#step-next");
  EXPECT_EQ(page.evaluate("document.getElementById('step-counter').textContent"), "step 2 / " + total);
  page.click("#step-previous");
  EXPECT_EQ(page.evaluate("document.getElementById('step-counter').textContent"), "step 1 / " + total);
  page.click("#step-last");
  EXPECT_EQ(page.evaluate("document.getElementById('step-counter').textContent"), "step " + total + " / " + total);
  EXPECT_NE(page.evaluate("document.querySelector('.end-note').textContent").get<std::string>().find("every step checked"),
            std::string::npos);
}

TEST_F(ReportBrowserTest, StepperInsideAProcedure) {
  // Inside the call: the closure's valuation L beside its substitution τ, and V0∘σ beside G.
  const std::string file = corpus("labs/procedures/01-absolute-procedure/program.sym");
  const fs::path input = directory_ / "input.json";
  std::ofstream(input) << "{\"globals\": {\"x\": 1, \"r\": 7}}";
  std::string html = report(file, {"--input", input.string()}, "procedure.html");
  Page page(*browser_, 1500, 950);
  page.open("file://" + html);
  page.click("#tab-button-stepper");
  for (int k = 0; k < 3; ++k) page.press("ArrowRight");
  Json cards = page.evaluate("Array.from(document.querySelectorAll('.rule-card .rule')).map(e => e.textContent)");
  EXPECT_EQ(cards, Json::array({"concrete_assignment_global", "symbolic_assignment_global"}));
  const std::string table = page.evaluate("document.querySelector('table.sbs').textContent");
  EXPECT_NE(table.find("top closure absolute"), std::string::npos) << table;
  EXPECT_EQ(page.evaluate("document.querySelectorAll('table.sbs td.composed.mismatch').length"), 0);
  EXPECT_EQ(page.evaluate("document.querySelectorAll('table.sbs td.composed.ok').length"), 2);
  save_screenshot(page, "stepper-procedure.png");
}

TEST_F(ReportBrowserTest, StepperMarksTheStepWhereAPlantedFaultBreaksTheSimulation) {
  const std::string file = corpus("classic/factorial.sym");
  const std::string html = (directory_ / "fault.html").string();
  Result r = run({"report", file, "--input", corpus("classic/factorial.input.json"), "--loop-bound", "3",
                  "--inject-fault", "loop-exit-not-negated", "-o", html});
  EXPECT_EQ(r.code, 3) << r.err;
  ASSERT_TRUE(fs::exists(html));
  Page page(*browser_, 1500, 950);
  page.open("file://" + html);
  page.click("#tab-button-stepper");
  page.press("End");
  EXPECT_EQ(page.evaluate("document.querySelectorAll('.check.fail').length"), 1);
  const std::string notes = page.evaluate("Array.from(document.querySelectorAll('.end-note')).map(e => e.textContent).join(' | ')");
  EXPECT_NE(notes.find("the simulation failed"), std::string::npos) << notes;
  EXPECT_NE(notes.find("does not satisfy the path condition"), std::string::npos) << notes;
}

// The report as it opens: the first window fitted to its pane (every node inside the canvas, none
// cut), and the leaves read left to right in the order of their path numbers, path 1 first.
TEST_F(ReportBrowserTest, OpensFittedWithPathOneFirst) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases{
      {"classic/factorial.sym", {"--loop-bound", "3"}},
      {"basic/nested_if.sym", {}},
      {"labs/basic/02-max-of-three/program.sym", {}},
      {"errors/array_window.sym", {"--loop-bound", "2"}}};
  for (const auto& [program, options] : cases) {
    SCOPED_TRACE(program);
    std::string html = report(corpus(program), options, "fitted.html");
    Page page(*browser_, 1500, 950);
    page.open("file://" + html);
    Json outside = page.evaluate(
        "(() => { const c = document.getElementById('tree-canvas').getBoundingClientRect();"
        " return Array.from(document.querySelectorAll('#tree-canvas g.node')).filter(g => { const r = g.getBoundingClientRect();"
        " return r.left < c.left - 1 || r.right > c.right + 1 || r.top < c.top - 1 || r.bottom > c.bottom + 1; }).map(g => g.id); })()");
    EXPECT_TRUE(outside.empty()) << outside.dump();
    EXPECT_GT(page.evaluate("document.querySelectorAll('#tree-canvas g.node').length").get<int>(), 2);
    // Reading order: at every fork the children as drawn, left to right; the leaves met in that
    // order are paths 1, 2, 3, ...
    Json order = page.evaluate(
        "(() => { const tree = JSON.parse(document.getElementById('symref-data').textContent).tree;"
        " const x = (id) => { const g = document.getElementById('n' + id); if (!g) return null; const r = g.getBoundingClientRect(); return r.left + r.width / 2; };"
        " const kids = tree.map(() => []); tree.forEach((n, id) => { if (n.parent >= 0 && x(id) !== null) kids[n.parent].push(id); });"
        " const out = []; const visit = (id) => { if (tree[id].path >= 0) out.push(tree[id].path + 1);"
        "   kids[id].slice().sort((a, b) => x(a) - x(b)).forEach(visit); }; visit(0); return out; })()");
    ASSERT_FALSE(order.empty());
    std::vector<int> expected(order.size());
    for (std::size_t k = 0; k < expected.size(); ++k) expected[k] = static_cast<int>(k) + 1;
    EXPECT_EQ(order.get<std::vector<int>>(), expected) << order.dump();
    if (program == "classic/factorial.sym") save_screenshot(page, "report-opened.png");
  }
}

// The legend's outcome chips filter the tree (other leaves dimmed) and the paths list.
TEST_F(ReportBrowserTest, LegendChipsFilterTheTreeAndThePaths) {
  const std::string file = corpus("errors/array_window.sym");
  Json paths = explore(file, {"--loop-bound", "2"})["paths"];
  std::map<std::string, int> kinds;
  for (const auto& path : paths) ++kinds[kind_of(path)];
  ASSERT_GE(kinds.size(), 2u);
  const std::string chosen = kinds.begin()->first;
  std::string html = report(file, {"--loop-bound", "2"}, "legend.html");
  Page page(*browser_, 1500, 950);
  page.open("file://" + html);
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#legend .legend-kind[data-kind]').length").get<std::size_t>(), kinds.size());
  page.click("#legend .legend-kind[data-kind=\"" + chosen + "\"]");
  Json leaves = page.evaluate(
      "Array.from(document.querySelectorAll('#tree-canvas g.node.leaf')).map(g => [g.querySelector('text').dataset.raw,"
      " g.classList.contains('filtered-out')])");
  ASSERT_EQ(leaves.size(), paths.size());
  for (const auto& leaf : leaves) {
    const int number = path_number(leaf[0]);
    EXPECT_EQ(leaf[1].get<bool>(), kind_of(paths[number - 1]) != chosen) << "path " << number;
  }
  EXPECT_EQ(page.evaluate("document.querySelector('#legend .legend-kind[data-kind=\"" + chosen + "\"]').getAttribute('aria-pressed')"),
            "true");
  page.click("#tab-button-paths");
  Json rows = page.evaluate("Array.from(document.querySelectorAll('#paths-table tbody tr')).map(r => r.dataset.kind)");
  EXPECT_EQ(rows.size(), static_cast<std::size_t>(kinds[chosen]));
  for (const auto& kind : rows) EXPECT_EQ(kind, chosen);
  // Back to every leaf from the legend's "all".
  page.click("#tab-button-tree");
  page.click("#legend .legend-all");
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#tree-canvas g.node.leaf.filtered-out').length"), 0);
  page.click("#tab-button-paths");
  EXPECT_EQ(page.evaluate("document.querySelectorAll('#paths-table tbody tr').length").get<std::size_t>(), paths.size());
}

// Long path conditions are shown whole in the Paths tab (wrapped, nothing cut), and a long source
// line wraps inside the source panel.
TEST_F(ReportBrowserTest, WholePathConditionsAndWrappedSourceLines) {
  std::string long_test = "x0 + x1";
  std::string globals = "var x0: int;\nvar x1: int;\n";
  for (int k = 2; k < 14; ++k) {
    long_test += " + x" + std::to_string(k) + " * " + std::to_string(k + 100);
    globals += "var x" + std::to_string(k) + ": int;\n";
  }
  const std::string program = write("long.sym", globals + "main {\n  if " + long_test + " > 7 {\n    if x0 > x1 + 12345 {\n      x0 := 1;\n    }\n  }\n}\n");
  Json paths = explore(program, {})["paths"];
  std::string html = report(program, {}, "long.html");
  Page page(*browser_, 1500, 950);
  page.open("file://" + html);
  page.click("#notation");  // program notation, as explore prints conditions
  page.click("#tab-button-paths");
  Json cells = page.evaluate(
      "Array.from(document.querySelectorAll('#paths-table td.pc')).map(td => [td.textContent, td.scrollWidth <= td.clientWidth + 1,"
      " td.getBoundingClientRect().height])");
  ASSERT_EQ(cells.size(), paths.size());
  bool some_wrapped = false;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    EXPECT_EQ(cells[k][0], paths[k]["pc"]) << "path " << k + 1;
    EXPECT_TRUE(cells[k][1].get<bool>()) << "path " << k + 1 << " overflows its cell";
    some_wrapped |= cells[k][2].get<double>() > 30;
  }
  EXPECT_TRUE(some_wrapped) << "the longest condition should take more than one line";
  // The long source line: no horizontal overflow of the panel, and the line takes several rows.
  const int line = 16;
  EXPECT_TRUE(page.evaluate("(() => { const s = document.querySelector('.source-panel .scroll'); return s.scrollWidth <= s.clientWidth + 1; })()")
                  .get<bool>());
  EXPECT_GT(page.evaluate("document.getElementById('line-" + std::to_string(line) + "').getBoundingClientRect().height").get<double>(),
            2 * page.evaluate("document.getElementById('line-1').getBoundingClientRect().height").get<double>());
  EXPECT_NE(page.evaluate("document.getElementById('line-" + std::to_string(line) + "').textContent").get<std::string>().find("x13 * 113"),
            std::string::npos);
  save_screenshot(page, "paths-whole-conditions.png");
}

// The stepper's φ lists each conjunct once, even when the path tests the same condition twice.
TEST_F(ReportBrowserTest, StepperShowsEachConjunctOnce) {
  const std::string program = write("twice.sym", "var x: int;\nvar y: int;\nmain {\n  if x > 0 {\n    y := 1;\n  }\n  if x > 0 {\n    y := 2;\n  }\n}\n");
  const std::string input = write("input.json", "{\"globals\": {\"x\": 5, \"y\": 0}}");
  std::string html = report(program, {"--input", input}, "twice.html");
  Page page(*browser_, 1500, 950);
  page.open("file://" + html);
  page.click("#notation");
  page.click("#tab-button-stepper");
  page.press("End");
  Json shown = page.evaluate(
      "Array.from(document.querySelectorAll('table.sbs tr:last-child td:last-child > div')).map(d => d.lastChild.textContent)");
  EXPECT_EQ(shown, Json::array({"0 < x"})) << shown.dump();
  // At every step no conjunct twice.
  page.press("Home");
  for (int k = 0; k < 8; ++k) {
    Json lines = page.evaluate("Array.from(document.querySelectorAll('table.sbs tr:last-child td:last-child > div')).map(d => d.lastChild.textContent)");
    std::set<std::string> distinct;
    for (const auto& line : lines) EXPECT_TRUE(distinct.insert(line.get<std::string>()).second) << "step " << k << ": " << lines.dump();
    page.press("ArrowRight");
  }
}

// "decided at": each letter of an edge names the line of the statement that decided it.
TEST_F(ReportBrowserTest, EachLetterNamesItsOwnLine) {
  const std::string program = write("letters.sym", "var x: int;\nmain {\n  if x > 0 {\n    skip;\n  }\n  if true {\n    skip;\n  }\n}\n");
  Json paths = explore(program, {})["paths"];
  ASSERT_EQ(paths.size(), 2u);
  std::string html = report(program, {}, "letters.html");
  Page page(*browser_, 1500, 950);
  page.open("file://" + html);
  auto leaves = leaves_on_screen(page);
  ASSERT_EQ(leaves.size(), 2u);
  for (const auto& [number, classes] : leaves) {
    page.click("#" + classes.substr(classes.find('#') + 1));
    Json decided = page.evaluate("Array.from(document.querySelectorAll('#details ul.letter-lines li')).map(li => [li.dataset.letter, Number(li.dataset.line)])");
    const std::string branches = paths[number - 1]["branches"];
    ASSERT_EQ(branches.size(), 2u) << branches;
    EXPECT_EQ(decided, Json::array({Json::array({branches.substr(0, 1), 3}), Json::array({"T", 6})})) << decided.dump();
    EXPECT_NE(page.evaluate("document.querySelector('#details ul.letter-lines').textContent").get<std::string>().find("line 6: if true {"),
              std::string::npos);
  }
}

}  // namespace
