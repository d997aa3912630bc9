// Defaults, allocation and equivalence up to object renaming for concrete global states.
#include "semantics/concrete/state.hpp"

#include <unordered_map>

namespace symref {

Value default_value(const Type& type) {
  switch (type.kind) {
    case TypeKind::Int: return Value::integer(0);
    case TypeKind::Bool: return Value::boolean(false);
    case TypeKind::Reference:
    case TypeKind::Nil: return Value::nil(type.class_index);
    case TypeKind::IntArray:
    case TypeKind::Void: return Value::integer(0);
  }
  return Value();
}

GlobalState default_global_state(const Program& program) {
  GlobalState state;
  state.globals.reserve(program.globals.size());
  for (const auto& global : program.globals) state.globals.push_back(default_value(global.type));
  state.arrays.resize(program.globals.size());
  return state;
}

ObjectId allocate_object(const Program& program, GlobalState& state, std::int32_t class_index) {
  HeapObject object;
  object.class_index = class_index;
  const Class& cls = program.classes[class_index];
  object.fields.reserve(cls.fields.size());
  for (std::int32_t field : cls.fields) object.fields.push_back(default_value(program.fields[field].type));
  state.heap.push_back(std::move(object));
  return static_cast<ObjectId>(state.heap.size());
}

namespace {

// Walks both heaps in lockstep from the globals, building the object bijection as it goes.
class EquivalenceChecker {
 public:
  EquivalenceChecker(const Program& program, const GlobalState& a, const GlobalState& b, std::string* difference)
      : program_(program), a_(a), b_(b), difference_(difference) {}

  bool run(const std::vector<ExtraRoot>& extra_roots) {
    for (const auto& root : extra_roots)
      if (!same(root.a, root.b, root.label)) return false;
    for (std::size_t g = 0; g < program_.globals.size(); ++g) {
      const auto& global = program_.globals[g];
      if (global.type.kind == TypeKind::IntArray) {
        if (a_.arrays[g] != b_.arrays[g]) return fail("global " + global.name + " differs");
        continue;
      }
      if (!same(a_.globals[g], b_.globals[g], "global " + global.name)) return false;
    }
    // Breadth-first over the matched pairs; each pair's fields must match again.
    for (std::size_t next = 0; next < pending_.size(); ++next) {
      auto [object_a, object_b, path] = pending_[next];
      const HeapObject& oa = a_.object(object_a);
      const HeapObject& ob = b_.object(object_b);
      if (oa.class_index != ob.class_index) return fail(path + " has different classes");
      const Class& cls = program_.classes[oa.class_index];
      for (std::size_t f = 0; f < cls.fields.size(); ++f)
        if (!same(oa.fields[f], ob.fields[f], path + "." + program_.fields[cls.fields[f]].name)) return false;
    }
    return true;
  }

 private:
  bool same(const Value& x, const Value& y, const std::string& path) {
    if (x.kind() != y.kind()) return fail(path + " differs");
    if (x.kind() != ValueKind::Reference) return x == y ? true : fail(path + " differs");
    if (x.is_nil() || y.is_nil()) return x.is_nil() == y.is_nil() ? true : fail(path + " differs");
    auto [it_a, new_a] = a_to_b_.try_emplace(x.as_object(), y.as_object());
    auto [it_b, new_b] = b_to_a_.try_emplace(y.as_object(), x.as_object());
    if (it_a->second != y.as_object() || it_b->second != x.as_object())
      return fail(path + " differs in sharing (aliasing)");
    if (new_a) pending_.push_back({x.as_object(), y.as_object(), path});
    return true;
  }
  bool fail(std::string message) {
    if (difference_ != nullptr) *difference_ = std::move(message);
    return false;
  }

  struct Pair {
    ObjectId a, b;
    std::string path;
  };
  const Program& program_;
  const GlobalState& a_;
  const GlobalState& b_;
  std::string* difference_;
  std::unordered_map<ObjectId, ObjectId> a_to_b_, b_to_a_;
  std::vector<Pair> pending_;
};

}  // namespace

bool equivalent_states(const Program& program, const GlobalState& a, const GlobalState& b, std::string* difference) {
  return EquivalenceChecker(program, a, b, difference).run({});
}

bool equivalent_states(const Program& program, const GlobalState& a, const GlobalState& b,
                       const std::vector<ExtraRoot>& extra_roots, std::string* difference) {
  return EquivalenceChecker(program, a, b, difference).run(extra_roots);
}

}  // namespace symref
