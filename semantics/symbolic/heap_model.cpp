// Looking up a heap model by name (heap_model.hpp).
#include "semantics/symbolic/heap_model.hpp"

#include <stdexcept>

namespace symref {

HeapModelChoice find_heap_model(const HeapModelCatalogue& catalogue, const std::string& name) {
  if (name.empty() || name == "arrays") return HeapModelChoice{};
  for (const HeapModelChoice& choice : catalogue)
    if (choice.name == name) return choice;
  throw std::invalid_argument("unknown heap model '" + name + "'");
}

}  // namespace symref
