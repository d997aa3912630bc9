// Random substitutions σ built from probe expressions (§2, §2.1, §4.1), for Lemmas 2.1 and 3.3.
//
// Random substitutions σ over the globals and fields of a probe program, built from its probe
// expressions (§2 σ: Var → Expr, §2.1 arrays as update chains, §4.1 fields as arrays), and the
// environment that translates an expression e to eσ — for Lemmas 2.1/3.3 and simplification.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "props/case_workspace.hpp"
#include "props/random_source.hpp"
#include "semantics/symbolic/expression_translation.hpp"

namespace symref::props {

// Which σ to build, fixed before any term exists, so that it can be built once with and once
// without simplification.
struct SubstitutionPlan {
  struct Image {
    std::int32_t target = -1;                 // a global slot (globals) or a field index (fields)
    std::int32_t base = -1;                   // int[]: the array whose contents are updated
    std::optional<std::size_t> object_probe;  // fields: the updated object; else a global of its class
    std::int32_t object_global = -1;
    std::optional<std::size_t> index_probe;   // int[]: the updated index; else `index_literal`
    std::int64_t index_literal = 0;
    std::optional<std::size_t> value_probe;   // the new value (or element, or field value); else a default
  };
  std::vector<Image> globals;
  std::vector<Image> fields;
};

SubstitutionPlan plan_substitution(CaseWorkspace& workspace, RandomSource& random);

// θ for ExpressionTranslator: each global and field stands for its σ image (the identity where σ
// leaves it alone).  Only the probe program's `main` is translated, so there are no locals.
class SubstitutedEnvironment final : public SymbolicEnvironment {
 public:
  SubstitutedEnvironment(terms::TermManager& terms, const Program& program);
  terms::Term variable(const VariableSlot& slot) const override;
  terms::Term field_array(std::int32_t field) const override;

  std::vector<terms::Term> globals;  // σ(x) for every global slot
  std::vector<terms::Term> fields;   // σ(f) for every field
};

// σ built in `terms` (simplifying or not, as `terms` is set).
SubstitutedEnvironment build_substitution(const SubstitutionPlan& plan, CaseWorkspace& workspace, terms::TermManager& terms);

}  // namespace symref::props
