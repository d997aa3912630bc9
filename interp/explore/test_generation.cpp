// Building input states from solver models.
#include "interp/explore/test_generation.hpp"

#include <map>
#include <unordered_set>

#include "interp/solver/backends/encoding.hpp"

namespace symref {

namespace {

class InputBuilder {
 public:
  InputBuilder(const Program& program, terms::TermManager& terms, const solver::Model& model,
               const TestGenerationLimits& limits)
      : program_(program), terms_(terms), model_(model), limits_(limits) {}

  std::optional<GlobalState> run(std::string& reason) {
    state_ = default_global_state(program_);
    for (std::size_t g = 0; g < program_.globals.size(); ++g) {
      const auto& global = program_.globals[g];
      terms::Term symbol = terms_.global_symbol(static_cast<std::int32_t>(g));
      if (global.type.kind == TypeKind::IntArray) {
        Integer length = model_.array_length(symbol);
        if (!length.is_small() || length.small_value() > limits_.max_array_length) {
          reason = "the model gives array " + global.name + " length " + length.to_string() + ", more than " +
                   std::to_string(limits_.max_array_length);
          return std::nullopt;
        }
        for (std::int64_t k = 0; k < length.small_value(); ++k)
          state_.arrays[g].push_back(model_.array_element(symbol, Value::integer(k)).as_integer());
      } else {
        state_.globals[g] = input_value(model_.symbol_value(symbol));
      }
    }
    for (std::size_t next = 0; next < pending_.size(); ++next) {
      if (state_.heap.size() > limits_.max_objects) {
        reason = "the model's heap has more than " + std::to_string(limits_.max_objects) + " objects";
        return std::nullopt;
      }
      auto [object, model_object] = pending_[next];
      const Class& cls = program_.classes[state_.object(object).class_index];
      for (std::size_t f = 0; f < cls.fields.size(); ++f) {
        terms::Term field = terms_.field_symbol(cls.fields[f]);
        state_.object(object).fields[f] = input_value(model_.array_element(field, model_object));
      }
    }
    name_objects();
    return std::move(state_);
  }

 private:
  // A model value as a value of the input state: input objects (non-positive) become heap objects.
  Value input_value(const Value& value) {
    if (value.kind() != ValueKind::Reference || value.is_nil()) return value;
    if (value.as_object() > 0) return Value::nil(value.class_index());  // not an input object: never read
    auto key = std::make_pair(value.class_index(), value.as_object());
    auto it = objects_.find(key);
    if (it == objects_.end()) {
      ObjectId object = allocate_object(program_, state_, value.class_index());
      model_ids_.push_back(value.as_object());
      it = objects_.emplace(key, object).first;
      pending_.emplace_back(object, value);
    }
    return Value::reference(value.class_index(), it->second);
  }

  // "o3" for the model's object -3; the class is added when two classes share a number.
  void name_objects() {
    std::unordered_set<std::string> used;
    for (std::size_t k = 0; k < state_.heap.size(); ++k) {
      std::string name = "o" + std::to_string(-model_ids_[k]);
      if (used.count(name)) name += "_" + program_.classes[state_.heap[k].class_index].name;
      used.insert(name);
      state_.heap[k].name = name;
    }
  }

  const Program& program_;
  terms::TermManager& terms_;
  const solver::Model& model_;
  const TestGenerationLimits& limits_;
  GlobalState state_;
  std::map<std::pair<std::int32_t, ObjectId>, ObjectId> objects_;
  std::vector<ObjectId> model_ids_;
  std::vector<std::pair<ObjectId, Value>> pending_;
};

}  // namespace

std::optional<GlobalState> input_from_model(const Program& program, terms::TermManager& terms, const solver::Model& model,
                                            const TestGenerationLimits& limits, std::string& reason) {
  try {
    return InputBuilder(program, terms, model, limits).run(reason);
  } catch (const solver::UnrepresentableModelValue& error) {
    reason = std::string("the model is no input state: ") + error.what();
    return std::nullopt;
  }
}

}  // namespace symref
