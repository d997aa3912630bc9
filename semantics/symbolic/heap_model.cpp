// The registry of heap models (heap_model.hpp).
#include "semantics/symbolic/heap_model.hpp"

#include <map>
#include <stdexcept>

namespace symref {

namespace {
std::map<std::string, HeapModelFactory>& registry() {
  static std::map<std::string, HeapModelFactory> factories;
  return factories;
}
}  // namespace

void register_heap_model(std::string name, HeapModelFactory factory) { registry()[std::move(name)] = std::move(factory); }

std::unique_ptr<HeapModel> make_heap_model(const std::string& name, const Program& program, terms::TermManager& terms) {
  if (name.empty() || name == "arrays") return nullptr;
  auto found = registry().find(name);
  if (found == registry().end()) throw std::invalid_argument("unknown heap model '" + name + "'");
  return found->second(program, terms);
}


}  // namespace symref
