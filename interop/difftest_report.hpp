// The report of `symref difftest`: one item per compared thing — a concrete run, an outcome's
// verdict, a claimed test, a leaf, a path condition — each agree, disagree, incomplete or
// inconclusive, counted and never hidden.  Exit code: 0 when nothing disagrees, 3 otherwise.
//
//  agree        both sides give the same answer
//  disagree     the answers differ; `detail` says where, `right` which side the contract says is right
//  incomplete   the tool could not prove what symref says holds (an unreachable outcome not
//               proved, a leaf not covered) — a weakness of the tool, not a wrong answer
//  inconclusive no comparable answer (overflow of a fixed-width model, time-out, tool missing)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace symref::interop {

enum class Agreement : unsigned char { Agree, Disagree, Incomplete, Inconclusive };
std::string_view agreement_name(Agreement agreement);  // "agree", "disagree", "incomplete", "inconclusive"

struct ComparedItem {
  ComparedItem() = default;
  ComparedItem(std::string kind, std::string label, Agreement agreement = Agreement::Agree, std::string symref = {},
               std::string tool = {}, std::string detail = {}, std::string right = {})
      : kind(std::move(kind)), label(std::move(label)), agreement(agreement), symref(std::move(symref)),
        tool(std::move(tool)), detail(std::move(detail)), right(std::move(right)) {}

  std::string kind;    // "run", "outcome", "test", "leaf", "verdict", "pc"
  std::string label;   // which one: "leaf 3 (TTF)", "random 7", "assertion-failure"
  Agreement agreement = Agreement::Agree;
  std::string symref;  // symref's answer, short
  std::string tool;    // the other side's answer, short
  std::string detail;  // on disagreement: where the answers differ; otherwise why (may be empty)
  std::string right;   // on disagreement: which side the language contract says is right, and why
  nlohmann::ordered_json input;  // the input state involved, or null
};

struct AgreementCounts {
  std::uint64_t agree = 0, disagree = 0, incomplete = 0, inconclusive = 0;
  std::uint64_t total() const { return agree + disagree + incomplete + inconclusive; }
  AgreementCounts& operator+=(const AgreementCounts& other);
};

struct DifftestReport {
  std::string program;  // the .sym path
  std::string against;  // the tool, or "results" for --results
  std::uint32_t loop_bound = 0;
  std::string integers;  // the integer model of the export
  std::vector<ComparedItem> items;
  std::vector<std::string> notes;  // e.g. "gcc not found", where the export was written
  double seconds = 0;

  void add(ComparedItem item) { items.push_back(std::move(item)); }
  AgreementCounts counts() const;
  AgreementCounts counts_of(std::string_view kind) const;
  bool disagrees() const { return counts().disagree > 0; }
  int exit_code() const;  // 0, or 3 on a disagreement
};

// Text: one line per item that is not `agree` (all of them with `verbose`), then the counts per
// kind and in total.  JSON: {"program", "against", "loop_bound", "integers", "counts", "items",
// "notes", "seconds"} (docs/json.md).
std::string report_to_text(const DifftestReport& report, bool verbose);
nlohmann::ordered_json report_to_json(const DifftestReport& report);

}  // namespace symref::interop
