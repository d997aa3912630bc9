// Counting marks per question and grouping wrong answers by equivalence (interp/grading).
#include "interp/grading/question_statistics.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "interp/grading/question_truths.hpp"
#include "interp/solver/solver_chain.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref {

namespace {

using Json = nlohmann::ordered_json;

struct WrongAnswer {
  const QuestionGrade* grade;
  const std::string* student;
};

// Whether two answers agree on every input the comparison covers (outside the cut): true when
// the solver proves it, false when it finds an input or cannot decide (counted in `undecided`).
bool equivalent(terms::TermManager& terms, terms::Term a, terms::Term b, terms::Term cut, const GradingLimits& limits,
                std::size_t& undecided) {
  solver::SolverOptions options;
  options.timeout_milliseconds = limits.timeout_milliseconds;
  auto solver = solver::make_solver(limits.solver, terms, options);
  solver->add(terms::separating_condition(terms, a, b));
  if (cut != nullptr && !cut->is_false()) solver->add(terms.logical_not(cut));
  const solver::SatResult result = solver->check();
  if (result == solver::SatResult::Unknown) ++undecided;
  return result == solver::SatResult::Unsat;
}

void group_conditions(const Exercise& exercise, const LabQuestion& question, const std::vector<WrongAnswer>& answers,
                      const GradingLimits& limits, QuestionTruths& truths, QuestionStatistics& statistics) {
  // Answers written alike are one group at once; distinct texts are compared with each group's
  // representative.
  std::vector<std::pair<terms::Term, std::string>> representatives;  // per group
  QuestionTruth& truth = truths.of(exercise, question);
  for (const WrongAnswer& answer : answers) {
    const std::string text = answer.grade->answer.is_string() ? answer.grade->answer.get<std::string>() : answer.grade->answer.dump();
    std::size_t group = representatives.size();
    for (std::size_t g = 0; g < representatives.size(); ++g)
      if (representatives[g].second == text) group = g;
    terms::Term term = nullptr;
    if (group == representatives.size() && truth.condition) {
      try {
        ExpressionPointer expression = load_condition(*exercise.program, "answer", text);
        term = condition_term(*truth.terms, *expression);
      } catch (const InputError&) {
        term = nullptr;  // graded as wrong, so it parsed then; kept a group of its own if not now
      }
      for (std::size_t g = 0; g < representatives.size() && term != nullptr; ++g)
        if (representatives[g].first != nullptr &&
            equivalent(*truth.terms, term, representatives[g].first, truth.condition->cut, limits, statistics.undecided_comparisons)) {
          group = g;
          break;
        }
    }
    if (group == representatives.size()) {
      representatives.emplace_back(term, text);
      statistics.wrong_answers.push_back(WrongAnswerGroup{answer.grade, {}, {}});
    }
    WrongAnswerGroup& into = statistics.wrong_answers[group];
    into.students.push_back(*answer.student);
    if (std::find(into.spellings.begin(), into.spellings.end(), text) == into.spellings.end()) into.spellings.push_back(text);
  }
}

void group_counts(const std::vector<WrongAnswer>& answers, QuestionStatistics& statistics) {
  std::map<std::string, std::size_t> group_of;
  for (const WrongAnswer& answer : answers) {
    const std::string text = answer.grade->answer.dump();
    auto [it, added] = group_of.emplace(text, statistics.wrong_answers.size());
    if (added) statistics.wrong_answers.push_back(WrongAnswerGroup{answer.grade, {}, {text}});
    statistics.wrong_answers[it->second].students.push_back(*answer.student);
  }
}

std::string answer_text(const QuestionGrade& grade) {
  return grade.answer.is_string() ? grade.answer.get<std::string>() : grade.answer.dump();
}

}  // namespace

std::vector<QuestionStatistics> question_statistics(const Gradebook& gradebook, const GradingLimits& limits) {
  std::vector<QuestionStatistics> out;
  QuestionTruths truths(limits);
  const Lab& lab = *gradebook.lab;
  for (std::size_t e = 0; e < lab.exercises.size(); ++e) {
    for (std::size_t q = 0; q < lab.exercises[e].questions.size(); ++q) {
      QuestionStatistics statistics;
      statistics.exercise = &lab.exercises[e];
      statistics.question = &lab.exercises[e].questions[q];
      std::vector<WrongAnswer> wrong;
      for (const StudentRow& row : gradebook.rows) {
        if (!row.report) continue;
        const QuestionGrade& grade = row.report->exercises[e].questions[q];
        ++statistics.counts[static_cast<int>(grade.mark)];
        if (grade.mark == Mark::Wrong) wrong.push_back(WrongAnswer{&grade, &row.student});
      }
      if (statistics.question->kind == QuestionKind::FeasiblePaths)
        group_counts(wrong, statistics);
      else
        group_conditions(*statistics.exercise, *statistics.question, wrong, limits, truths, statistics);
      std::stable_sort(statistics.wrong_answers.begin(), statistics.wrong_answers.end(),
                       [](const WrongAnswerGroup& a, const WrongAnswerGroup& b) { return a.students.size() > b.students.size(); });
      out.push_back(std::move(statistics));
    }
  }
  return out;
}

Json question_statistics_to_json(const Gradebook& gradebook, const std::vector<QuestionStatistics>& statistics) {
  Json out = Json::array();
  for (const QuestionStatistics& question : statistics) {
    Json entry;
    entry["exercise"] = question.exercise->name;
    entry["question"] = question.question->id;
    entry["kind"] = question_kind_name(question.question->kind);
    for (Mark mark : {Mark::Correct, Mark::Wrong, Mark::Malformed, Mark::Undecided, Mark::Missing})
      entry[mark_name(mark)] = question.counts[static_cast<int>(mark)];
    Json groups = Json::array();
    for (const WrongAnswerGroup& group : question.wrong_answers) {
      Json item;
      item["answer"] = group.representative->answer;
      item["count"] = group.students.size();
      item["students"] = group.students;
      item["spellings"] = group.spellings;
      item["feedback"] = group.representative->feedback;
      if (group.representative->separating_input) {
        item["separating_input"] = write_state(*question.exercise->program, *group.representative->separating_input);
        item["answer_value"] = group.representative->answer_value;
        item["truth_value"] = group.representative->truth_value;
        item["run"] = group.representative->run;
      }
      groups.push_back(std::move(item));
    }
    entry["wrong_answers"] = std::move(groups);
    if (question.undecided_comparisons > 0) entry["uncompared_pairs"] = question.undecided_comparisons;
    out.push_back(std::move(entry));
  }
  (void)gradebook;
  return out;
}

std::string question_statistics_to_text(const Gradebook& gradebook, const std::vector<QuestionStatistics>& statistics) {
  std::ostringstream out;
  out << "per question (" << gradebook.rows.size() << (gradebook.rows.size() == 1 ? " student" : " students")
      << "): correct · wrong · malformed · undecided · missing\n";
  auto label = [&](const QuestionStatistics& question) {
    return (gradebook.lab->single_exercise ? std::string() : question.exercise->name + ":") + question.question->id;
  };
  std::size_t width = 0;
  for (const QuestionStatistics& question : statistics) width = std::max(width, label(question).size());
  for (const QuestionStatistics& question : statistics) {
    out << label(question) << std::string(width - label(question).size() + 2, ' ')
        << question.counts[static_cast<int>(Mark::Correct)] << " · " << question.counts[static_cast<int>(Mark::Wrong)] << " · "
        << question.counts[static_cast<int>(Mark::Malformed)] << " · " << question.counts[static_cast<int>(Mark::Undecided)] << " · "
        << question.counts[static_cast<int>(Mark::Missing)] << "\n";
    for (const WrongAnswerGroup& group : question.wrong_answers) {
      out << "  " << group.students.size() << "× " << answer_text(*group.representative);
      if (group.spellings.size() > 1) {
        out << "  (also written ";
        for (std::size_t k = 1; k < group.spellings.size() && k <= 3; ++k) out << (k > 1 ? ", " : "") << group.spellings[k];
        if (group.spellings.size() > 4) out << ", …";
        out << ")";
      }
      out << "\n    " << group.representative->feedback << "\n";
    }
    if (question.undecided_comparisons > 0)
      out << "  (" << question.undecided_comparisons << " comparisons of wrong answers undecided: their groups may be one)\n";
  }
  return out.str();
}

}  // namespace symref
