// The Z3 backend: the shared encoding lowered to z3 expressions, one incremental solver per path (§2, §4.1).
#include "interp/solver/backends/z3_solver.hpp"

#include <unistd.h>
#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "interp/solver/assertion_stack.hpp"
#include "interp/solver/backends/encoding.hpp"
#include "interp/solver/session/solver_session.hpp"
#include "interp/solver/stopwatch.hpp"

namespace symref::solver {

namespace {

// A new Z3 context.  Before the first, Z3's global parameter model.compact goes off: compacting a
// model's function tables is a large share of Z3_solver_get_model on small array queries, and
// every sat answer's model is read; the values are the same.
std::unique_ptr<z3::context> make_context() {
  static const bool configured = [] {
    Z3_global_param_set("model.compact", "false");
    return true;
  }();
  (void)configured;
  return std::make_unique<z3::context>();
}

class Z3Builder {
 public:
  bool array_binders = false;        // some quantifier built so far binds an array
  bool field_array_binders = false;  // ... a field array (the Lowering says which arrays are fields)
  using Expression = z3::expr;

  explicit Z3Builder(z3::context& context) : context_(context) {}

  Expression integer(const Integer& value) {
    if (value.is_small()) return context_.int_val(static_cast<int64_t>(value.small_value()));
    return context_.int_val(value.to_string().c_str());
  }
  Expression boolean(bool value) { return context_.bool_val(value); }
  Expression constant(const std::string& name, SmtSort sort) { return context_.constant(name.c_str(), z3_sort(sort)); }
  Expression apply(SmtOperator op, std::span<const Expression> e) {
    switch (op) {
      case SmtOperator::Not: return !e[0];
      case SmtOperator::And:
      case SmtOperator::Or: {
        z3::expr_vector operands(context_);
        for (const z3::expr& operand : e) operands.push_back(operand);
        return op == SmtOperator::And ? z3::mk_and(operands) : z3::mk_or(operands);
      }
      case SmtOperator::Implies: return z3::implies(e[0], e[1]);
      case SmtOperator::Ite: return z3::ite(e[0], e[1], e[2]);
      case SmtOperator::Equal: return e[0] == e[1];
      case SmtOperator::Negate: return -e[0];
      case SmtOperator::Add: return e[0] + e[1];
      case SmtOperator::Subtract: return e[0] - e[1];
      case SmtOperator::Multiply: return e[0] * e[1];
      case SmtOperator::Divide: return e[0] / e[1];  // on Int operands: SMT-LIB div
      case SmtOperator::Modulo: return z3::mod(e[0], e[1]);
      case SmtOperator::Less: return e[0] < e[1];
      case SmtOperator::LessEqual: return e[0] <= e[1];
      case SmtOperator::Select: return z3::select(e[0], e[1]);
      case SmtOperator::Store: return z3::store(e[0], e[1], e[2]);
    }
    throw std::logic_error("z3: unknown operator");
  }

  using Function = z3::func_decl;
  Function function(const std::string& name, std::span<const SmtSort> domain, SmtSort range) {
    z3::sort_vector sorts(context_);
    for (SmtSort sort : domain) sorts.push_back(z3_sort(sort));
    return context_.function(name.c_str(), sorts, z3_sort(range));
  }
  Expression apply_function(const Function& function, std::span<const Expression> arguments) {
    z3::expr_vector operands(context_);
    for (const z3::expr& argument : arguments) operands.push_back(argument);
    return function(operands);
  }
  // A constant that the quantifier abstracts; its name is unique (NameTable), so it is no free one.
  Expression bound_variable(const std::string& name, SmtSort sort) { return context_.constant(name.c_str(), z3_sort(sort)); }
  Expression quantifier(bool universal, std::span<const Expression> variables, const Expression& body) {
    z3::expr_vector bound(context_);
    for (const z3::expr& variable : variables) {
      bound.push_back(variable);
      array_binders = array_binders || variable.get_sort().is_array();
    }
    return universal ? z3::forall(bound, body) : z3::exists(bound, body);
  }
  // A value of the language as a numeral of the encoding: object identities are integers.
  Expression value(const Value& value) {
    if (value.kind() == ValueKind::Bool) return boolean(value.as_boolean());
    return integer(value.as_integer());
  }

 private:
  z3::sort z3_sort(SmtSort sort) {
    switch (sort) {
      case SmtSort::Int: return context_.int_sort();
      case SmtSort::Bool: return context_.bool_sort();
      case SmtSort::IntToInt: return context_.array_sort(context_.int_sort(), context_.int_sort());
      case SmtSort::IntToBool: return context_.array_sort(context_.int_sort(), context_.bool_sort());
    }
    throw std::logic_error("z3: unknown sort");
  }

  z3::context& context_;
};

// Enforces the time limit of queries by interrupting Z3 contexts from a watchdog thread.
// Z3 4.8.12's own "timeout" parameter runs on a pooled timer thread that deadlocks when short
// timers expire (Z3 pull request #5371, issue #5990): with a 1 ms limit the test suite hung.
// Z3_interrupt is Z3's thread-safe way to stop a running check and does nothing to an idle
// context; it is sent under the watchdog's lock, so once disarm() returns the context is safe to
// reuse or free.  One thread serves every check of the process: a thread per solver (its start,
// join and wake-ups) cost 11% of a level-1 fuzz campaign's CPU.  The thread starts with the first
// limited check of a process, and again in a child of fork() (which keeps only the forking thread).
class Watchdog {
 public:
  using Clock = std::chrono::steady_clock;

  static Watchdog& instance() {
    static std::mutex creating;
    static Watchdog* current = nullptr;
    std::lock_guard<std::mutex> lock(creating);
    // Never freed: its thread sleeps to the process's end.  A forked child's copy has no thread;
    // its lock may be held by the parent's thread, so it is left alone and a new one made.
    if (current == nullptr || current->owner_ != ::getpid()) current = new Watchdog();
    return *current;
  }

  // Watches `context` from now until disarm(ticket).  The thread is woken only when this deadline
  // is earlier than the one it sleeps until: in a run of short queries it sleeps through them and
  // wakes about once per time limit (a wake-up per query cost more than the query when loaded).
  std::uint64_t arm(z3::context& context, unsigned milliseconds) {
    std::lock_guard<std::mutex> lock(mutex_);
    const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(milliseconds);
    const std::uint64_t ticket = next_ticket_++;
    watches_.emplace(ticket, Watch{&context, deadline, false});
    if (deadline < wakes_at_) changed_.notify_all();
    return ticket;
  }
  // Stops watching; true when the deadline passed and the context was interrupted.
  bool disarm(std::uint64_t ticket) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto watch = watches_.find(ticket);
    const bool expired = watch->second.expired;
    watches_.erase(watch);
    return expired;
  }

 private:
  struct Watch {
    z3::context* context;
    Clock::time_point deadline;
    bool expired;
  };

  Watchdog() : owner_(::getpid()) { std::thread([this] { watch(); }).detach(); }

  void watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      const Clock::time_point now = Clock::now();
      wakes_at_ = Clock::time_point::max();
      for (auto& [ticket, watch] : watches_) {
        if (watch.expired) continue;
        if (now >= watch.deadline) {
          watch.expired = true;
          watch.context->interrupt();
        } else {
          wakes_at_ = std::min(wakes_at_, watch.deadline);
        }
      }
      if (wakes_at_ == Clock::time_point::max()) changed_.wait(lock);
      else changed_.wait_until(lock, wakes_at_);
    }
  }

  const pid_t owner_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::uint64_t, Watch> watches_;  // one per check running under a limit
  std::uint64_t next_ticket_ = 0;
  Clock::time_point wakes_at_ = Clock::time_point::max();
};

// Runs one check under an optional time limit; sets `timed_out` when the watchdog stopped it.
z3::check_result check_within(z3::solver& solver, unsigned milliseconds, bool& timed_out) {
  timed_out = false;
  if (milliseconds == 0) return solver.check();
  Watchdog& watchdog = Watchdog::instance();
  const std::uint64_t ticket = watchdog.arm(solver.ctx(), milliseconds);
  z3::check_result result;
  try {
    result = solver.check();
  } catch (...) {
    watchdog.disarm(ticket);
    throw;
  }
  timed_out = watchdog.disarm(ticket);
  return result;
}

// Decodes a value Z3 computed for an encoded term of sort `sort`.
Value decode(const z3::expr& value, Sort sort) {
  if (sort.kind == SortKind::Bool) {
    if (value.is_true()) return Value::boolean(true);
    if (value.is_false()) return Value::boolean(false);
    throw std::runtime_error("z3 model: no Boolean value: " + value.to_string());
  }
  // Most model values fit 64 bits: read them without a decimal string (a level-1 campaign decodes
  // about 130,000 values, most of them elements of int[] inputs).
  std::int64_t small = 0;
  if (value.is_numeral() && value.is_numeral_i64(small)) {
    if (sort.kind == SortKind::Int) return Value::integer(Integer(small));
    return Value::reference(sort.detail, small);
  }
  std::string digits;
  if (!value.is_numeral(digits)) throw std::runtime_error("z3 model: no integer value: " + value.to_string());
  return decode_numeral("z3", digits, sort);
}

// A model's array value read once: the stores with numeral indices over a constant array, the
// outermost store of an index winning (as select over the chain would).  input_from_model reads
// every element of an int[] input up to the model's length (some models give lengths near 10,000),
// and asking Z3 for each element built and evaluated a select term.
struct ArrayTable {
  std::unordered_map<std::int64_t, z3::expr> stored;
  std::optional<z3::expr> otherwise;
};

bool is_value(const z3::expr& e) { return e.is_numeral() || e.is_true() || e.is_false(); }

// The table of a model's array value; nothing when the value has another shape (as-array, lambda,
// a non-numeral part), whose elements are then asked of Z3 one by one.
std::optional<ArrayTable> tabulate(z3::expr value) {
  ArrayTable table;
  while (value.is_app() && value.decl().decl_kind() == Z3_OP_STORE) {
    const z3::expr index = value.arg(1), element = value.arg(2);
    std::int64_t at = 0;
    if (!index.is_numeral() || !index.is_numeral_i64(at) || !is_value(element)) return std::nullopt;
    table.stored.emplace(at, element);  // an inner store of the same index is shadowed
    value = value.arg(0);
  }
  if (!value.is_app() || value.decl().decl_kind() != Z3_OP_CONST_ARRAY || !is_value(value.arg(0))) return std::nullopt;
  table.otherwise = value.arg(0);
  return table;
}

// Turns an error inside Z3 into a std::runtime_error that names its source.
template <class Function>
auto guarded(Function&& function) {
  try {
    return function();
  } catch (const z3::exception& error) {
    throw std::runtime_error(std::string("z3 model: ") + error.msg());
  }
}

class Z3Model final : public Model {
 public:
  Z3Model(z3::model model, const Lowering<Z3Builder>& lowering, Z3Builder& builder, const TermManager& manager)
      : model_(std::move(model)), lowering_(lowering), builder_(builder), manager_(manager) {}

  Value symbol_value(Term symbol) const override {
    const z3::expr* expression = lowering_.find(symbol);
    if (expression == nullptr) return terms::default_value(symbol->sort());
    return guarded([&] { return decode(model_.eval(*expression, true), symbol->sort()); });
  }

  Value array_element(Term array_symbol, const Value& index) const override {
    Sort element = manager_.element_sort(array_symbol->sort());
    const z3::expr* array = lowering_.find(array_symbol);
    if (array == nullptr) return terms::default_value(element);
    // Int indices and object identities are both integers in the encoding.
    const Integer& at = index.as_integer();
    if (const ArrayTable* table = at.is_small() ? table_of(array_symbol, *array) : nullptr) {
      auto stored = table->stored.find(at.small_value());
      return guarded([&] { return decode(stored != table->stored.end() ? stored->second : *table->otherwise, element); });
    }
    return guarded([&] { return decode(model_.eval(z3::select(*array, builder_.integer(at)), true), element); });
  }

  Integer array_length(Term array_symbol) const override {
    const z3::expr* length = lowering_.find_length(array_symbol);
    if (length == nullptr) return Integer(0);
    return guarded([&] { return decode(model_.eval(*length, true), Sort::integer()).as_integer(); });
  }

  // Applications are evaluated in the model with completion: Z3 reads f's interpretation (its
  // entries, else its default).  A function no query used takes the default of its sort.
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    Sort range = manager_.function(function).range;
    const z3::func_decl* declaration = lowering_.find_function(function);
    if (declaration == nullptr) return terms::default_value(range);
    return guarded([&] { return decode(model_.eval(application(*declaration, arguments), true), range); });
  }

  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    Sort element = manager_.element_sort(manager_.function(function).range);
    const z3::func_decl* declaration = lowering_.find_function(function);
    if (declaration == nullptr) return terms::default_value(element);
    return guarded([&] {
      return decode(model_.eval(z3::select(application(*declaration, arguments), builder_.value(index)), true), element);
    });
  }

  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    const z3::func_decl* declaration = lowering_.find_length_function(function);
    if (declaration == nullptr) return Integer(0);
    Integer companion =
        guarded([&] { return decode(model_.eval(application(*declaration, arguments), true), Sort::integer()).as_integer(); });
    return companion.sign() < 0 ? Integer(0) : companion;  // clamped, as the encoding does
  }

 private:
  z3::expr application(const z3::func_decl& declaration, std::span<const Value> arguments) const {
    std::vector<z3::expr> operands;
    for (const Value& argument : arguments) operands.push_back(builder_.value(argument));
    return builder_.apply_function(declaration, operands);
  }

  const ArrayTable* table_of(Term array_symbol, const z3::expr& array) const {
    auto known = tables_.find(array_symbol);
    if (known == tables_.end())
      known = tables_.emplace(array_symbol, guarded([&] { return tabulate(model_.eval(array, true)); })).first;
    return known->second ? &*known->second : nullptr;
  }

  z3::model model_;
  mutable std::unordered_map<Term, std::optional<ArrayTable>> tables_;  // by array symbol, on first read
  const Lowering<Z3Builder>& lowering_;
  Z3Builder& builder_;
  const TermManager& manager_;
};

// A solver's context: from its session's pool when there is one, given back to it when the
// solver is destroyed unless spoiled (interrupted, or an error inside Z3) or the pool has ended,
// with the solver's emptied core when it hands one back.  The first member of the solver, so
// destroyed after every Z3 object made in the context.
class ContextLease {
 public:
  explicit ContextLease(const std::shared_ptr<ContextPool>& pool) : pool_(pool), pooled_(pool != nullptr) {
    if (pool != nullptr) lease_ = pool->take();
    if (!lease_.context) lease_.context = make_context();
  }
  ~ContextLease() {
    if (spoiled_) return;
    if (const std::shared_ptr<ContextPool> pool = pool_.lock()) pool->give_back(std::move(lease_));
  }
  ContextLease(const ContextLease&) = delete;
  ContextLease& operator=(const ContextLease&) = delete;

  z3::context& context() { return *lease_.context; }
  void spoil() { spoiled_ = true; }
  bool spoiled() const { return spoiled_; }
  // From a pool: cores are handed on, so a solver keeps its assertions one scope above the core's
  // base.
  bool pooled() const { return pooled_; }
  // The empty core an earlier solver left with the context, once; or none.
  std::optional<z3::solver> take_core() {
    if (!lease_.core) return std::nullopt;
    z3::solver core = *lease_.core;
    lease_.core.reset();
    taken_core_rlimit_ = lease_.core_rlimit;
    return core;
  }
  // The rlimit in force on the core take_core gave (UINT64_MAX: none given, or unknown).
  std::uint64_t taken_core_rlimit() const { return taken_core_rlimit_; }
  // Hands `core`, emptied, on with the context, and the rlimit in force on it.
  void keep_core(const z3::solver& core, std::uint64_t rlimit) {
    lease_.core = std::make_unique<z3::solver>(core);
    lease_.core_rlimit = rlimit;
  }

 private:
  std::weak_ptr<ContextPool> pool_;
  bool pooled_;
  ContextPool::Lease lease_;
  std::uint64_t taken_core_rlimit_ = UINT64_MAX;
  bool spoiled_ = false;
};

class Z3Solver final : public Solver {
 public:
  // `session` null: one of its own, which shares nothing.
  Z3Solver(TermManager& manager, SolverSession* session)
      : own_session_(session == nullptr ? std::make_unique<SolverSession>() : nullptr),
        session_(session != nullptr ? *session : *own_session_),
        lease_(session_.contexts()),
        manager_(manager),
        context_(lease_.context()),
        solver_(first_core(lease_)),
        builder_(context_),
        names_(manager),
        lowering_(manager, names_, builder_),
        collector_(manager) {
    static_assert(not_applied == UINT64_MAX);
    applied_rlimit_ = lease_.taken_core_rlimit();  // a core handed on keeps its limit until set again
    session_.check_log().solver_made("z3");
  }

  // An empty core that never held a quantifier goes back with the context (context_pool.hpp).
  ~Z3Solver() override {
    if (!lease_.pooled() || lease_.spoiled() || base_holds_quantifier_ || quantifier_above_base_ || macro_finder_ || failure_) return;
    try {
      solver_.pop(scopes_ + 1);  // the solver's scopes and the one its base level lies in
      lease_.keep_core(solver_, applied_rlimit_);
    } catch (const z3::exception&) {
      lease_.spoil();
    }
  }

  std::string name() const override { return "z3"; }

  void push() override {
    answer_model_.reset();
    attempt([&] { solver_.push(); });
    collector_.push();
    told_.push();
    side_constraint_scopes_.push_back(side_constraints_.size());
    ++scopes_;
  }

  void pop(unsigned n) override {
    if (n > scopes_) throw std::logic_error("z3: pop of more scopes than were pushed");
    answer_model_.reset();
    attempt([&] { solver_.pop(n); });
    collector_.pop(n);
    told_.pop(n);
    if (n != 0) {
      const std::size_t kept = side_constraint_scopes_[side_constraint_scopes_.size() - n];
      side_constraints_.erase(side_constraints_.begin() + static_cast<std::ptrdiff_t>(kept), side_constraints_.end());
      side_constraint_scopes_.resize(side_constraint_scopes_.size() - n);
    }
    scopes_ -= n;
    if (failure_ && failure_scope_ > scopes_) failure_.reset();
    if (scopes_ == 0 && quantifier_above_base_) attempt([&] { renew_core(); });
  }

  void add(Term formula) override {
    require_formula(formula);
    answer_model_.reset();
    told_.add(formula);
    attempt([&] {
      constraints_.clear();
      collector_.collect(formula, constraints_);
      for (const SideConstraint& constraint : constraints_) {
        side_constraints_.push_back(lowering_.lower(constraint));
        solver_.add(side_constraints_.back());
      }
      solver_.add(lowering_.lower(formula));
      if (formula->has_bound_variables()) {  // a quantifier inside (a closed formula has no free bound variable)
        if (scopes_ == 0)
          base_holds_quantifier_ = true;
        else
          quantifier_above_base_ = true;
      }
    });
  }

  SatResult check() override {
    Stopwatch stopwatch;
    SatResult result = SatResult::Unknown;
    reason_.clear();
    answer_model_.reset();
    if (failure_) {
      reason_ = *failure_;
    } else if (session_.budget().z3_checks_exhausted()) {
      reason_ = "not asked: " + std::string(session_.budget().time_limit_note());
      session_.check_log().check("z3", result, stopwatch.seconds(), 0, reason_);
    } else {
      try {
        z3::solver* checked = &solver_;
        macro_solver_.reset();
        if (builder_.field_array_binders) {
          // δ and γ over field arrays: the SMT core's macro_finder crashes in get_model on them
          // (Z3 4.8.12, paper-notes/programs/z3-macro-finder-crash.smt2), so such a query goes,
          // whole, to a one-shot solver of the macro-finder tactic then the SMT core.
          macro_solver_ = std::make_unique<z3::solver>((z3::tactic(context_, "macro-finder") & z3::tactic(context_, "smt")).mk_solver());
          const z3::expr_vector assertions = solver_.assertions();
          for (unsigned i = 0; i < assertions.size(); ++i) macro_solver_->add(assertions[i]);
          apply_work_budget(*macro_solver_, true);
          checked = macro_solver_.get();
        } else if (builder_.array_binders && !macro_finder_) {
          // Definitions ∀x̄. P(x̄) ⟺ body over array-sorted x̄ (the compositional engine's δ and γ
          // for int[] inputs): model-based instantiation alone answers unknown ("incomplete (theory
          // array)"); as macros they are expanded before search.  Only then: it changes which
          // models Z3 finds for other quantified queries.
          z3::params parameters(context_);
          parameters.set("macro_finder", true);
          solver_.set(parameters);
          macro_finder_ = true;
        }
        apply_work_budget(solver_);
        const CheckLog& log = session_.check_log();
        WorkBudget& budget = session_.budget();
        const std::uint64_t work_before = log.on() ? work_count(*checked) : 0;
        bool timed_out = false;
        const unsigned time_limit = budget.z3_time_limit(timeout_milliseconds_);
        // A supervisor (stall_watch.hpp) kills this process if the check outlives its limit.
        const PublishedCheck published(session_.stall_board(), time_limit);
        const Stopwatch solving;  // the check log's time: Z3's check alone, not the work counter's reads
        const z3::check_result answer = check_within(*checked, time_limit, timed_out);
        const double solving_seconds = solving.seconds();
        switch (answer) {
          case z3::sat: result = SatResult::Sat; break;
          case z3::unsat: result = SatResult::Unsat; break;
          case z3::unknown:
            if (timed_out) {
              reason_ = "timeout after " + std::to_string(time_limit) + " ms";
              if (time_limit != timeout_milliseconds_) reason_ += " (" + std::string(budget.time_limit_note()) + ")";
              budget.count_z3_time_out();
            } else {
              reason_ = checked->reason_unknown();
            }
            // Z3 4.8 says "canceled" when the rlimit runs out, as when the watchdog interrupts; no
            // watchdog fired, so it was the limit in force: the solver's own or the scope's budget.
            if (!timed_out && applied_rlimit_ != 0 && applied_rlimit_ != not_applied && (reason_ == "canceled" || reason_.find("resource") != std::string::npos)) {
              reason_ = applied_rlimit_ == resource_limit_
                            ? "resource limit of " + std::to_string(resource_limit_) + " units exceeded"
                            : "work budget of " + std::to_string(applied_rlimit_) + " Z3 resource units spent (" + reason_ + ")";
              if (const std::string_view note = budget.work_budget_note(); !note.empty() && applied_rlimit_ != resource_limit_)
                reason_ += " (" + std::string(note) + ")";
            }
            if (!timed_out) budget.count_z3_undecided();
            break;
        }
        if (result == SatResult::Unknown) lease_.spoil();  // interrupted or out of budget: not handed on
        if (log.on()) log.check("z3", result, solving_seconds, work_count(*checked) - work_before, reason_);
        // An interrupted core keeps whatever its search had learnt when the watchdog struck, which
        // depends on the machine's load; later models would too.  A new core told the same makes
        // what follows a time-out the same on every run.  The answer and its reason stand.
        if (timed_out && checked == &solver_) tell_a_new_core();
      } catch (const z3::exception& error) {
        lease_.spoil();
        reason_ = std::string("z3 error: ") + error.msg();
      }
    }
    last_result_ = result;
    statistics_.record(result, stopwatch.seconds());
    return result;
  }

  std::string reason_unknown() const override { return reason_; }

  void set_timeout_milliseconds(unsigned milliseconds) override { timeout_milliseconds_ = milliseconds; }

  // Z3 counts its rlimit from the start of each check, so the limit is per query; it takes effect
  // at the next check (apply_work_budget), together with a campaign's budget.
  void set_resource_limit(std::uint64_t units) override { resource_limit_ = units; }

  std::unique_ptr<Model> model() override {
    if (last_result_ != SatResult::Sat) throw std::logic_error("z3: model() without a sat answer");
    try {
      return std::make_unique<Z3Model>(answer_model(), lowering_, builder_, manager_);
    } catch (const z3::exception& error) {
      lease_.spoil();
      throw std::runtime_error(std::string("z3 model: ") + error.msg());
    }
  }

  // Z3's model evaluation of the lowered formula, with model completion.
  std::optional<bool> backend_value(Term formula) override {
    if (last_result_ != SatResult::Sat) return std::nullopt;
    try {
      const z3::expr value = answer_model().eval(lowering_.lower(formula), true);
      if (value.is_true()) return true;
      if (value.is_false()) return false;
    } catch (const z3::exception&) {
      lease_.spoil();
    }
    return std::nullopt;
  }

  SolverStatistics statistics() const override { return statistics_; }

 private:
  // The SMT core, no per-query tactic: fastest for many small incremental queries.  No SIGINT
  // handler installed and removed around every check (two sigaction calls a query).
  static z3::solver make_core(z3::context& context) {
    z3::solver core(context, z3::solver::simple());
    z3::params parameters(context);
    parameters.set("ctrl_c", false);
    core.set(parameters);
    return core;
  }

  // The solver's first core: the one handed on with the context, or a new one; inside a
  // pool, with the scope pushed that the solver's base level lies in.
  static z3::solver first_core(ContextLease& lease) {
    std::optional<z3::solver> handed_on = lease.take_core();
    z3::solver core = handed_on ? *handed_on : make_core(lease.context());
    if (lease.pooled()) core.push();
    return core;
  }

  // The last sat answer's model, read from Z3 once per answer (Z3_solver_get_model costs about as
  // much as a small check, and the validating layer and the caller both ask for the model); when
  // it falsifies a side constraint the query goes to a new core first (ask_again_in_a_new_core).
  // Models handed out share it: their reads complete it alike.
  const z3::model& answer_model() {
    if (answer_model_) return *answer_model_;
    z3::model model = (macro_solver_ ? *macro_solver_ : solver_).get_model();
    if (!macro_solver_ && falsifies_side_constraint(model)) {
      const std::string reason = reason_;
      if (ask_again_in_a_new_core()) {
        model = solver_.get_model();
      } else {  // the first answer stands, with its model: the validating layer judges it
        last_result_ = SatResult::Sat;
        reason_ = reason;
      }
    }
    answer_model_ = model;
    return *answer_model_;
  }

  // Whether Z3's own evaluation of one of the side constraints asserted in scope is false in
  // `model`.  Without model completion, which would add values to the model and so change what
  // later reads of it give.
  bool falsifies_side_constraint(const z3::model& model) const {
    for (const z3::expr& constraint : side_constraints_)
      if (model.eval(constraint, false).is_false()) return true;
    return false;
  }

  // Z3 4.8.12's incremental core has answered sat with a model that falsifies one of the side
  // constraints asserted in it, though every formula its assertions() lists holds: it had lost the
  // unit (an input reference's `q <= 0`, `symref fuzz --seed 3 --level 3 --count 100 --property
  // tests_replay`, case 99).  What this solver was told, said again to a new core in the same
  // context, is asked once more; true when that answer is sat with a model that keeps every side
  // constraint.
  bool ask_again_in_a_new_core() {
    tell_a_new_core();
    if (check() != SatResult::Sat) return false;
    return !falsifies_side_constraint(solver_.get_model());
  }

  // A new core in this context, told what this solver was told, in the same scopes.
  void tell_a_new_core() {
    const AssertionStack told = std::move(told_);
    told_ = AssertionStack{};
    collector_.clear();
    side_constraints_.clear();
    side_constraint_scopes_.clear();
    scopes_ = 0;
    base_holds_quantifier_ = false;
    install_core(make_core(context_));
    told.replay(*this);
  }

  // Replaces the SMT core by a new one holding the base level's assertions.  Z3 4.8.12's core keeps
  // state of quantified formulas after their scope is popped, and a solver asked many quantified
  // queries one after another (push, add, check, pop) slows down by an order of magnitude, which
  // a fuzz case of a thousand checks feels as seconds.
  // Called on a pop to the base level when a quantified formula was asserted above it since the
  // core was made: terms and the lowering cache live in the context and stay; the work budget and
  // macro finder are set again at the next check.
  void renew_core() {
    const z3::expr_vector base = solver_.assertions();
    install_core(make_core(context_));
    for (unsigned i = 0; i < base.size(); ++i) solver_.add(base[i]);
  }

  // A new, empty core in place of the solver's (renew_core, ask_again_in_a_new_core); inside a
  // pool, with the scope pushed that the solver's base level lies in.
  void install_core(z3::solver core) {
    if (lease_.pooled()) core.push();
    solver_ = core;
    applied_rlimit_ = not_applied;
    macro_finder_ = false;
    quantifier_above_base_ = false;
    ++statistics_.core_renewals;
  }

  // Z3's work counter of `solver` so far (for the check log only: reading it is not free); the
  // one-shot macro-finder solver counts its own.
  static std::uint64_t work_count(const z3::solver& solver) {
    z3::stats numbers = solver.statistics();
    for (unsigned i = 0; i < numbers.size(); ++i)
      if (numbers.key(i) == "rlimit count") return numbers.is_uint(i) ? numbers.uint_value(i) : static_cast<std::uint64_t>(numbers.double_value(i));
    return 0;
  }

  // Z3's "rlimit" for the next checks: the smaller of the solver's own limit (set_resource_limit)
  // and the session's budget, 0 meaning none; Z3's parameter is an unsigned int, so larger limits
  // are capped.
  void apply_work_budget(z3::solver& solver, bool fresh = false) {
    const std::uint64_t budget = session_.budget().z3_work_per_check();
    std::uint64_t limit = resource_limit_;
    if (budget != 0 && (limit == 0 || budget < limit)) limit = budget;
    if (!fresh && limit == applied_rlimit_) return;
    z3::params parameters(context_);
    parameters.set("rlimit", static_cast<unsigned>(std::min<std::uint64_t>(limit, std::numeric_limits<unsigned>::max())));
    solver.set(parameters);
    if (!fresh) applied_rlimit_ = limit;
  }

  // Runs a call into Z3; an exception becomes the reason of an `unknown` answer to the next check
  // in this scope, never a crash.
  template <class Function>
  void attempt(Function&& function) {
    try {
      function();
    } catch (const z3::exception& error) {
      lease_.spoil();
      if (!failure_) {
        failure_ = std::string("z3 error: ") + error.msg();
        failure_scope_ = scopes_;
      }
    }
  }

  std::unique_ptr<SolverSession> own_session_;  // when made without one
  SolverSession& session_;  // its pool, budget, stall board and check log
  ContextLease lease_;  // before every Z3 object below: outlives them
  TermManager& manager_;
  z3::context& context_;
  z3::solver solver_;
  Z3Builder builder_;
  NameTable names_;
  Lowering<Z3Builder> lowering_;
  SideConstraintCollector collector_;
  std::vector<SideConstraint> constraints_;
  AssertionStack told_;  // the formulas in scope as told, for ask_again_in_a_new_core
  std::vector<z3::expr> side_constraints_;  // their side constraints as asserted
  std::vector<std::size_t> side_constraint_scopes_;
  unsigned scopes_ = 0;
  // Quantified formulas told: at the base level (asserted again in a renewed core); above it since
  // the core was made (renew_core on the pop to the base level).  A core that held either is not
  // handed on (context_pool.hpp).
  bool base_holds_quantifier_ = false;
  bool quantifier_above_base_ = false;
  unsigned timeout_milliseconds_ = 0;
  std::uint64_t resource_limit_ = 0;  // set_resource_limit's units (0: none)
  // The rlimit set on solver_; a core handed on keeps its last solver's until set again.
  static constexpr std::uint64_t not_applied = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t applied_rlimit_ = not_applied;
  std::optional<std::string> failure_;
  unsigned failure_scope_ = 0;
  SatResult last_result_ = SatResult::Unknown;
  std::string reason_;
  bool macro_finder_ = false;
  std::unique_ptr<z3::solver> macro_solver_;  // the last check's when it bound field arrays: its model is the answer's
  std::optional<z3::model> answer_model_;  // answer_model(), until the solver changes
  SolverStatistics statistics_;
};

}  // namespace

std::unique_ptr<Solver> make_z3_solver(TermManager& manager) { return std::make_unique<Z3Solver>(manager, nullptr); }

std::unique_ptr<Solver> make_z3_solver(TermManager& manager, SolverSession& session) {
  return std::make_unique<Z3Solver>(manager, &session);
}

SatResult z3_check_script(std::string_view script, std::string* reason, unsigned timeout_milliseconds) {
  try {
    z3::context context;
    z3::solver solver(context);
    solver.from_string(std::string(script).c_str());
    bool timed_out = false;
    switch (check_within(solver, timeout_milliseconds, timed_out)) {
      case z3::sat: return SatResult::Sat;
      case z3::unsat: return SatResult::Unsat;
      case z3::unknown:
        if (reason != nullptr) *reason = timed_out ? "timeout" : solver.reason_unknown();
        return SatResult::Unknown;
    }
  } catch (const z3::exception& error) {
    if (reason != nullptr) *reason = std::string("z3 error: ") + error.msg();
  }
  return SatResult::Unknown;
}

}  // namespace symref::solver
