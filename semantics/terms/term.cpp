// Names of term kinds and sorts for messages and tests (the terms of §2, §2.1 and §4.1).
#include "semantics/terms/term.hpp"

namespace symref::terms {

std::string_view to_string(TermKind kind) {
  switch (kind) {
    case TermKind::IntegerConstant: return "IntegerConstant";
    case TermKind::BooleanConstant: return "BooleanConstant";
    case TermKind::Nil: return "Nil";
    case TermKind::NewObject: return "NewObject";
    case TermKind::Symbol: return "Symbol";
    case TermKind::Negate: return "Negate";
    case TermKind::Add: return "Add";
    case TermKind::Subtract: return "Subtract";
    case TermKind::Multiply: return "Multiply";
    case TermKind::Divide: return "Divide";
    case TermKind::Remainder: return "Remainder";
    case TermKind::Less: return "Less";
    case TermKind::LessEqual: return "LessEqual";
    case TermKind::Equal: return "Equal";
    case TermKind::IfThenElse: return "IfThenElse";
    case TermKind::Not: return "Not";
    case TermKind::And: return "And";
    case TermKind::Or: return "Or";
    case TermKind::Implies: return "Implies";
    case TermKind::Select: return "Select";
    case TermKind::Store: return "Store";
    case TermKind::Length: return "Length";
    case TermKind::BoundVariable: return "BoundVariable";
    case TermKind::Forall: return "Forall";
    case TermKind::Exists: return "Exists";
    case TermKind::Apply: return "Apply";
    case TermKind::InputObject: return "InputObject";
  }
  return "?";
}

std::string to_string(Sort sort) {
  switch (sort.kind) {
    case SortKind::Int: return "Int";
    case SortKind::Bool: return "Bool";
    case SortKind::Reference: return "Reference(" + std::to_string(sort.detail) + ")";
    case SortKind::IntArray: return "IntArray";
    case SortKind::FieldArray: return "FieldArray(" + std::to_string(sort.detail) + ")";
  }
  return "?";
}

}  // namespace symref::terms
