// Planning and building random substitutions from probe expressions.
#include "props/random_substitution.hpp"

#include <stdexcept>

namespace symref::props {

using terms::Term;

SubstitutedEnvironment::SubstitutedEnvironment(terms::TermManager& terms, const Program& program) {
  for (std::size_t g = 0; g < program.globals.size(); ++g) globals.push_back(terms.global_symbol(static_cast<std::int32_t>(g)));
  for (std::size_t f = 0; f < program.fields.size(); ++f) fields.push_back(terms.field_symbol(static_cast<std::int32_t>(f)));
}

Term SubstitutedEnvironment::variable(const VariableSlot& slot) const {
  if (slot.scope != Scope::Global) throw std::logic_error("probe expressions have no locals");
  return globals[slot.index];
}

Term SubstitutedEnvironment::field_array(std::int32_t field) const { return fields[field]; }

namespace {
// The probes whose type is `type`.
std::vector<std::size_t> probes_of(CaseWorkspace& workspace, const Type& type) {
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < workspace.test_case().probes.size(); ++k) {
    const Type& probe = workspace.probe_assignment(k).value->type;
    if (probe == type || (type.kind == TypeKind::Reference && probe.kind == TypeKind::Nil)) out.push_back(k);
  }
  return out;
}
}  // namespace

SubstitutionPlan plan_substitution(CaseWorkspace& workspace, RandomSource& random) {
  const Program& program = workspace.probe_program();
  SubstitutionPlan plan;
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    if (program.globals[g].name.rfind("probe_", 0) == 0 || !random.chance(1, 2)) continue;
    SubstitutionPlan::Image image;
    image.target = static_cast<std::int32_t>(g);
    const Type& type = program.globals[g].type;
    if (type.kind == TypeKind::IntArray) {
      std::vector<std::int32_t> arrays;
      for (std::size_t h = 0; h < program.globals.size(); ++h)
        if (program.globals[h].type.kind == TypeKind::IntArray) arrays.push_back(static_cast<std::int32_t>(h));
      image.base = random.pick(arrays);
      auto ints = probes_of(workspace, Type::integer());
      if (!ints.empty() && random.chance(1, 2)) image.index_probe = random.pick(ints);
      image.index_literal = random.between(-1, 3);
      if (!ints.empty()) image.value_probe = random.pick(ints);
    } else {
      auto candidates = probes_of(workspace, type);
      if (candidates.empty()) continue;
      image.value_probe = random.pick(candidates);
    }
    plan.globals.push_back(image);
  }
  for (std::size_t f = 0; f < program.fields.size(); ++f) {
    if (!random.chance(1, 2)) continue;
    const Field& field = program.fields[f];
    SubstitutionPlan::Image image;
    image.target = static_cast<std::int32_t>(f);
    auto objects = probes_of(workspace, Type::reference(field.class_index));
    if (!objects.empty() && random.chance(1, 2)) {
      image.object_probe = random.pick(objects);
    } else {
      std::vector<std::int32_t> globals;
      for (std::size_t g = 0; g < program.globals.size(); ++g)
        if (program.globals[g].type == Type::reference(field.class_index)) globals.push_back(static_cast<std::int32_t>(g));
      if (globals.empty()) continue;
      image.object_global = random.pick(globals);
    }
    auto values = probes_of(workspace, field.type);
    if (!values.empty()) image.value_probe = random.pick(values);
    plan.fields.push_back(image);
  }
  return plan;
}

SubstitutedEnvironment build_substitution(const SubstitutionPlan& plan, CaseWorkspace& workspace, terms::TermManager& terms) {
  const Program& program = workspace.probe_program();
  SubstitutedEnvironment identity(terms, program);
  ExpressionTranslator translator(terms, identity);
  auto probe = [&](std::size_t k) { return translator.translate(*workspace.probe_assignment(k).value); };
  auto default_of = [&](const Type& type) -> Term {
    if (type.kind == TypeKind::Bool) return terms.false_term();
    if (type.kind == TypeKind::Reference) return terms.nil(type.class_index);
    return terms.integer(0);
  };
  SubstitutedEnvironment sigma(terms, program);
  for (const auto& image : plan.globals) {
    const Type& type = program.globals[image.target].type;
    if (type.kind == TypeKind::IntArray) {
      Term index = image.index_probe ? probe(*image.index_probe) : terms.integer(image.index_literal);
      Term value = image.value_probe ? probe(*image.value_probe) : terms.integer(0);
      sigma.globals[image.target] = terms.store(identity.globals[image.base], index, value);
    } else {
      sigma.globals[image.target] = probe(*image.value_probe);
    }
  }
  for (const auto& image : plan.fields) {
    const Field& field = program.fields[image.target];
    Term object = image.object_probe ? probe(*image.object_probe) : identity.globals[image.object_global];
    Term value = image.value_probe ? probe(*image.value_probe) : default_of(field.type);
    sigma.fields[image.target] = terms.store(identity.fields[image.target], object, value);
  }
  return sigma;
}

}  // namespace symref::props
