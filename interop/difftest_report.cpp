// Counting and printing the items of a difftest report.
#include "interop/difftest_report.hpp"

#include <algorithm>
#include <map>
#include <sstream>

namespace symref::interop {

std::string_view agreement_name(Agreement agreement) {
  switch (agreement) {
    case Agreement::Agree: return "agree";
    case Agreement::Disagree: return "disagree";
    case Agreement::Incomplete: return "incomplete";
    case Agreement::Inconclusive: return "inconclusive";
  }
  return "?";
}

AgreementCounts& AgreementCounts::operator+=(const AgreementCounts& other) {
  agree += other.agree;
  disagree += other.disagree;
  incomplete += other.incomplete;
  inconclusive += other.inconclusive;
  return *this;
}

namespace {

void count(AgreementCounts& counts, Agreement agreement) {
  switch (agreement) {
    case Agreement::Agree: ++counts.agree; break;
    case Agreement::Disagree: ++counts.disagree; break;
    case Agreement::Incomplete: ++counts.incomplete; break;
    case Agreement::Inconclusive: ++counts.inconclusive; break;
  }
}

std::string counts_text(const AgreementCounts& c) {
  return std::to_string(c.agree) + " agree, " + std::to_string(c.disagree) + " disagree, " + std::to_string(c.incomplete) +
         " incomplete, " + std::to_string(c.inconclusive) + " inconclusive";
}

nlohmann::ordered_json counts_json(const AgreementCounts& c) {
  return {{"agree", c.agree}, {"disagree", c.disagree}, {"incomplete", c.incomplete}, {"inconclusive", c.inconclusive}};
}

// The kinds present, in the order their first items appear.
std::vector<std::string> kinds_of(const DifftestReport& report) {
  std::vector<std::string> kinds;
  for (const auto& item : report.items)
    if (std::find(kinds.begin(), kinds.end(), item.kind) == kinds.end()) kinds.push_back(item.kind);
  return kinds;
}

}  // namespace

AgreementCounts DifftestReport::counts() const {
  AgreementCounts counts;
  for (const auto& item : items) count(counts, item.agreement);
  return counts;
}

AgreementCounts DifftestReport::counts_of(std::string_view kind) const {
  AgreementCounts counts;
  for (const auto& item : items)
    if (item.kind == kind) count(counts, item.agreement);
  return counts;
}

int DifftestReport::exit_code() const { return disagrees() ? 3 : 0; }

std::string report_to_text(const DifftestReport& report, bool verbose) {
  std::ostringstream out;
  out << "difftest " << report.program << " against " << report.against << " (loop bound " << report.loop_bound
      << (report.integers.empty() ? "" : ", integers " + report.integers) << ")\n";
  for (const auto& note : report.notes) out << "note: " << note << "\n";
  for (const auto& item : report.items) {
    if (item.agreement == Agreement::Agree && !verbose) continue;
    out << agreement_name(item.agreement) << ": " << item.kind << " " << item.label;
    if (!item.symref.empty() || !item.tool.empty()) out << ": symref " << item.symref << ", " << report.against << " " << item.tool;
    out << "\n";
    if (!item.detail.empty()) out << "  " << item.detail << "\n";
    if (!item.right.empty()) out << "  right: " << item.right << "\n";
    if (item.agreement == Agreement::Disagree && !item.input.is_null()) out << "  input: " << item.input.dump() << "\n";
  }
  for (const auto& kind : kinds_of(report))
    out << (kind == "leaf" ? std::string("leaves") : kind + "s") << ": " << counts_text(report.counts_of(kind)) << "\n";
  out << "total: " << counts_text(report.counts()) << "\n";
  return out.str();
}

nlohmann::ordered_json report_to_json(const DifftestReport& report) {
  nlohmann::ordered_json out;
  out["version"] = 1;
  out["program"] = report.program;
  out["against"] = report.against;
  out["loop_bound"] = report.loop_bound;
  out["integers"] = report.integers;
  nlohmann::ordered_json counts = nlohmann::ordered_json::object();
  for (const auto& kind : kinds_of(report)) counts[kind] = counts_json(report.counts_of(kind));
  counts["total"] = counts_json(report.counts());
  out["counts"] = std::move(counts);
  nlohmann::ordered_json items = nlohmann::ordered_json::array();
  for (const auto& item : report.items) {
    nlohmann::ordered_json entry;
    entry["kind"] = item.kind;
    entry["label"] = item.label;
    entry["agreement"] = std::string(agreement_name(item.agreement));
    entry["symref"] = item.symref;
    entry["tool"] = item.tool;
    if (!item.detail.empty()) entry["detail"] = item.detail;
    if (!item.right.empty()) entry["right"] = item.right;
    if (!item.input.is_null()) entry["input"] = item.input;
    items.push_back(std::move(entry));
  }
  out["items"] = std::move(items);
  out["notes"] = report.notes;
  out["seconds"] = report.seconds;
  return out;
}

}  // namespace symref::interop
