// The cvc5 backend: the shared encoding lowered to cvc5 terms, one incremental solver per path (§2, §4.1).
#include "interp/solver/backends/cvc5_solver.hpp"

#include <cvc5/cvc5.h>

#include <optional>
#include <thread>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "interp/solver/assertion_stack.hpp"
#include "interp/solver/backends/encoding.hpp"
#include "interp/solver/backends/large_stack_thread.hpp"
#include "interp/solver/stopwatch.hpp"
#include "interp/solver/session/solver_session.hpp"

namespace symref::solver {

namespace {

class Cvc5Builder {
 public:
  using Expression = cvc5::Term;

  explicit Cvc5Builder(cvc5::Solver& solver) : solver_(solver) {}

  Expression integer(const Integer& value) {
    if (value.is_small()) return solver_.mkInteger(static_cast<int64_t>(value.small_value()));
    return solver_.mkInteger(value.to_string());
  }
  Expression boolean(bool value) { return solver_.mkBoolean(value); }
  Expression constant(const std::string& name, SmtSort sort) { return solver_.mkConst(cvc5_sort(sort), name); }
  Expression apply(SmtOperator op, std::span<const Expression> operands) {
    return solver_.mkTerm(kind_of(op), std::vector<cvc5::Term>(operands.begin(), operands.end()));
  }

  // A function is a constant of function sort (a 0-ary one a plain constant), applied by APPLY_UF.
  using Function = cvc5::Term;
  Function function(const std::string& name, std::span<const SmtSort> domain, SmtSort range) {
    if (domain.empty()) return solver_.mkConst(cvc5_sort(range), name);
    std::vector<cvc5::Sort> sorts;
    for (SmtSort sort : domain) sorts.push_back(cvc5_sort(sort));
    return solver_.mkConst(solver_.mkFunctionSort(sorts, cvc5_sort(range)), name);
  }
  Expression apply_function(const Function& function, std::span<const Expression> arguments) {
    if (arguments.empty()) return function;
    std::vector<cvc5::Term> operands = {function};
    operands.insert(operands.end(), arguments.begin(), arguments.end());
    return solver_.mkTerm(cvc5::APPLY_UF, operands);
  }
  Expression bound_variable(const std::string& name, SmtSort sort) { return solver_.mkVar(cvc5_sort(sort), name); }
  Expression quantifier(bool universal, std::span<const Expression> variables, const Expression& body) {
    cvc5::Term bound = solver_.mkTerm(cvc5::VARIABLE_LIST, std::vector<cvc5::Term>(variables.begin(), variables.end()));
    return solver_.mkTerm(universal ? cvc5::FORALL : cvc5::EXISTS, {bound, body});
  }
  Expression value(const Value& value) {
    if (value.kind() == ValueKind::Bool) return boolean(value.as_boolean());
    return integer(value.as_integer());
  }

 private:
  static cvc5::Kind kind_of(SmtOperator op) {
    switch (op) {
      case SmtOperator::Not: return cvc5::NOT;
      case SmtOperator::And: return cvc5::AND;
      case SmtOperator::Or: return cvc5::OR;
      case SmtOperator::Implies: return cvc5::IMPLIES;
      case SmtOperator::Ite: return cvc5::ITE;
      case SmtOperator::Equal: return cvc5::EQUAL;
      case SmtOperator::Negate: return cvc5::NEG;
      case SmtOperator::Add: return cvc5::ADD;
      case SmtOperator::Subtract: return cvc5::SUB;
      case SmtOperator::Multiply: return cvc5::MULT;
      case SmtOperator::Divide: return cvc5::INTS_DIVISION;
      case SmtOperator::Modulo: return cvc5::INTS_MODULUS;
      case SmtOperator::Less: return cvc5::LT;
      case SmtOperator::LessEqual: return cvc5::LEQ;
      case SmtOperator::Select: return cvc5::SELECT;
      case SmtOperator::Store: return cvc5::STORE;
    }
    throw std::logic_error("cvc5: unknown operator");
  }

  cvc5::Sort cvc5_sort(SmtSort sort) {
    switch (sort) {
      case SmtSort::Int: return solver_.getIntegerSort();
      case SmtSort::Bool: return solver_.getBooleanSort();
      case SmtSort::IntToInt: return solver_.mkArraySort(solver_.getIntegerSort(), solver_.getIntegerSort());
      case SmtSort::IntToBool: return solver_.mkArraySort(solver_.getIntegerSort(), solver_.getBooleanSort());
    }
    throw std::logic_error("cvc5: unknown sort");
  }

  cvc5::Solver& solver_;
};

Value decode(const cvc5::Term& value, Sort sort) {
  if (sort.kind == SortKind::Bool) {
    if (!value.isBooleanValue()) throw std::runtime_error("cvc5 model: no Boolean value: " + value.toString());
    return Value::boolean(value.getBooleanValue());
  }
  if (!value.isIntegerValue()) throw std::runtime_error("cvc5 model: no integer value: " + value.toString());
  return decode_numeral("cvc5", value.getIntegerValue(), sort);
}

template <class Function>
auto rethrow_as_runtime_error(Function&& function) {
  try {
    return function();
  } catch (const cvc5::CVC5ApiException& error) {
    throw std::runtime_error(std::string("cvc5 model: ") + error.what());
  }
}

// Reads values with getValue, which cvc5 answers only while the solver is unchanged since the
// sat answer: hence "valid until the next call on the solver".
class Cvc5Model final : public Model {
 public:
  Cvc5Model(cvc5::Solver& solver, const Lowering<Cvc5Builder>& lowering, Cvc5Builder& builder,
            const TermManager& manager)
      : solver_(solver), lowering_(lowering), builder_(builder), manager_(manager) {}

  Value symbol_value(Term symbol) const override {
    const cvc5::Term* expression = lowering_.find(symbol);
    if (expression == nullptr) return terms::default_value(symbol->sort());
    return rethrow_as_runtime_error([&] { return decode(solver_.getValue(*expression), symbol->sort()); });
  }

  Value array_element(Term array_symbol, const Value& index) const override {
    Sort element = manager_.element_sort(array_symbol->sort());
    const cvc5::Term* array = lowering_.find(array_symbol);
    if (array == nullptr) return terms::default_value(element);
    return rethrow_as_runtime_error([&] {
      cvc5::Term read = solver_.mkTerm(cvc5::SELECT, {*array, builder_.integer(index.as_integer())});
      return decode(solver_.getValue(read), element);
    });
  }

  Integer array_length(Term array_symbol) const override {
    const cvc5::Term* length = lowering_.find_length(array_symbol);
    if (length == nullptr) return Integer(0);
    return rethrow_as_runtime_error([&] { return decode(solver_.getValue(*length), Sort::integer()).as_integer(); });
  }

  // getValue of the function applied to the argument values; a function no query used takes the
  // default of its sort.
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    Sort range = manager_.function(function).range;
    const cvc5::Term* declaration = lowering_.find_function(function);
    if (declaration == nullptr) return terms::default_value(range);
    return rethrow_as_runtime_error([&] { return decode(solver_.getValue(application(*declaration, arguments)), range); });
  }

  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    Sort element = manager_.element_sort(manager_.function(function).range);
    const cvc5::Term* declaration = lowering_.find_function(function);
    if (declaration == nullptr) return terms::default_value(element);
    return rethrow_as_runtime_error([&] {
      cvc5::Term read = solver_.mkTerm(cvc5::SELECT, {application(*declaration, arguments), builder_.value(index)});
      return decode(solver_.getValue(read), element);
    });
  }

  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    const cvc5::Term* declaration = lowering_.find_length_function(function);
    if (declaration == nullptr) return Integer(0);
    Integer companion = rethrow_as_runtime_error(
        [&] { return decode(solver_.getValue(application(*declaration, arguments)), Sort::integer()).as_integer(); });
    return companion.sign() < 0 ? Integer(0) : companion;  // clamped, as the encoding does
  }

 private:
  cvc5::Term application(const cvc5::Term& declaration, std::span<const Value> arguments) const {
    std::vector<cvc5::Term> operands;
    for (const Value& argument : arguments) operands.push_back(builder_.value(argument));
    return builder_.apply_function(declaration, operands);
  }

  cvc5::Solver& solver_;
  const Lowering<Cvc5Builder>& lowering_;
  Cvc5Builder& builder_;
  const TermManager& manager_;
};

// A configured cvc5 solver with what was set on it for good, kept warm between the sessions of a
// pool (context_pool.hpp).  cvc5 1.0 keeps its term store per thread, so a warm solver serves only
// sessions on the thread that made it, and only while that thread lives (see Cvc5Session).
struct WarmCvc5 final : IdleBackend {
  cvc5::Solver solver;
  std::thread::id thread = std::this_thread::get_id();  // the thread whose term store it uses
  bool configured = false;
  bool initialized = false;  // after a push, check or reset cvc5 1.0 refuses a new rlimit-per
  std::uint64_t resource_limit = 0;  // rlimit-per in force, 0: none
  unsigned timeout_milliseconds = 0;  // tlimit-per in force, 0: none
};

// A warm solver of the pool whose resource limit is `resource_limit`, or a new one.
std::unique_ptr<WarmCvc5> take_warm_solver(ContextPool* pool, std::uint64_t resource_limit) {
  if (pool != nullptr) {
    std::unique_ptr<IdleBackend> idle = pool->take_idle_backend([&](const IdleBackend& backend) {
      const auto* warm = dynamic_cast<const WarmCvc5*>(&backend);
      return warm != nullptr && warm->thread == std::this_thread::get_id() && warm->resource_limit == resource_limit;
    });
    if (idle) return std::unique_ptr<WarmCvc5>(static_cast<WarmCvc5*>(idle.release()));
  }
  return std::make_unique<WarmCvc5>();
}

// Everything that touches cvc5: created, used and destroyed on the large-stack thread only.  With a
// pool its cvc5 solver may be one an earlier session of the pool left, emptied, and it leaves its
// own for the next unless a limit stopped one of its checks or cvc5 threw.
// `resource_limit`: the rlimit-per its solver will be given (a warm solver keeps the one it has).
class Cvc5Session {
 public:
  Cvc5Session(TermManager& manager, SolverSession& shared, std::uint64_t resource_limit)
      : manager_(manager),
        shared_(shared),
        pool_(shared.contexts()),
        warm_(take_warm_solver(shared.contexts().get(), resource_limit)),
        solver_(warm_->solver),
        builder_(solver_),
        names_(manager),
        lowering_(manager, names_, builder_),
        collector_(manager) {
    if (warm_->configured) return;
    attempt([&] {
      solver_.setOption("incremental", "true");
      solver_.setOption("produce-models", "true");
      // ALL rather than QF_AUFLIA: the language multiplies variables, so queries may be nonlinear,
      // and engines add quantifiers and uninterpreted functions.
      solver_.setLogic("ALL");
      // Model finding for quantifiers over bounded integer ranges (∀k. lo <= k < hi ==> ...):
      // without it cvc5 1.0.3 answers unknown to satisfiable ones such as ∀k. 0 <= k < n ==>
      // a[k] >= 0.  Inert on quantifier-free queries.
      solver_.setOption("fmf-bound", "true");
      // Definitions ∀x̄. P(x̄) ⟺ body (the compositional engine's δ and γ) become macros, expanded
      // before search: over array-sorted x̄, cvc5 answers unknown to satisfiable ones otherwise.
      solver_.setOption("macros-quant", "true");
      solver_.setOption("macros-quant-mode", "all");  // the default takes only bodies over ground UF
    });
    // Read-over-write lemmas sent as they arise rather than queued to full effort: with models on,
    // cvc5 1.0.3 otherwise spends seconds (or its time limit) on unsat queries over stored
    // reference-field arrays, such as a summarized field writer's output g.f(P_g) = P_g.f[o := r]
    // (paper-notes/001, "Fields in summaries").  An expert option: a cvc5 without it runs without it.
    try {
      solver_.setOption("arrays-eager-lemmas", "true");
    } catch (const cvc5::CVC5ApiException&) {
    }
    warm_->configured = !failure_;
  }

  // Hands the emptied solver on to the pool it came from, when it may go on (see above) and the
  // thread it runs on outlives it: not a solver's own worker thread, which ends with the solver and
  // takes cvc5's term store for that thread with it.
  ~Cvc5Session() {
    const std::shared_ptr<ContextPool> pool = pool_.lock();
    if (pool == nullptr || !thread_outlives_solver_ || spoiled_ || failure_ || !warm_->configured) return;
    try {
      warm_->initialized = true;
      solver_.resetAssertions();
    } catch (const cvc5::CVC5ApiException&) {
      return;
    }
    pool->give_back_backend(std::move(warm_));  // the session's own terms are released after this
  }
  Cvc5Session(const Cvc5Session&) = delete;
  Cvc5Session& operator=(const Cvc5Session&) = delete;

  // Whether set_resource_limit(units) can take effect: cvc5 refuses a new rlimit-per once it set
  // itself up (at the first push, check or reset).
  bool accepts_resource_limit(std::uint64_t units) const { return !warm_->initialized || warm_->resource_limit == units; }

  // Whether the pool may have this session's solver once it ends: only when the session ran on a
  // thread that outlives it (see ~Cvc5Session).
  void keep_warm_after(bool thread_outlives_solver) { thread_outlives_solver_ = thread_outlives_solver; }

  void push() {
    warm_->initialized = true;
    attempt([&] { solver_.push(); });
    collector_.push();
    ++scopes_;
  }

  void pop(unsigned n) {
    if (n > scopes_) throw std::logic_error("cvc5: pop of more scopes than were pushed");
    attempt([&] { solver_.pop(n); });
    collector_.pop(n);
    scopes_ -= n;
    if (failure_ && failure_scope_ > scopes_) failure_.reset();
  }

  void add(Term formula) {
    require_formula(formula);
    warm_->initialized = true;
    attempt([&] {
      constraints_.clear();
      collector_.collect(formula, constraints_);
      for (const SideConstraint& constraint : constraints_) solver_.assertFormula(lowering_.lower(constraint));
      solver_.assertFormula(lowering_.lower(formula));
    });
  }

  // `reduced`: why the limits are less than the campaign's ("" when they are not), for the reason
  // of an unknown they stop.
  SatResult check(std::string_view reduced = {}) {
    Stopwatch stopwatch;
    double solving_seconds = -1;  // cvc5's check alone, once it ran
    SatResult result = SatResult::Unknown;
    reason_.clear();
    stopped_by_limit_ = false;
    if (failure_) {
      reason_ = *failure_;
    } else {
      try {
        const std::uint64_t work_before = shared_.check_log().on() ? work_count() : 0;
        // A supervisor (stall_watch.hpp) kills this process if the check outlives its limit.
        const PublishedCheck published(shared_.stall_board(), timeout_milliseconds_.value_or(0));
        apply_timeout();
        warm_->initialized = true;
        const Stopwatch solving;  // the check log's time: cvc5's check alone, not the work counter's reads
        cvc5::Result answer = solver_.checkSat();
        solving_seconds = solving.seconds();
        if (shared_.check_log().on()) logged_work_ = work_count() - work_before;
        if (answer.isSat()) {
          result = SatResult::Sat;
        } else if (answer.isUnsat()) {
          result = SatResult::Unsat;
        } else {
          const cvc5::UnknownExplanation why = answer.getUnknownExplanation();
          stopped_by_limit_ = why == cvc5::UnknownExplanation::TIMEOUT || why == cvc5::UnknownExplanation::RESOURCEOUT;
          if (stopped_by_limit_) spoiled_ = true;  // see Cvc5Solver::renew_session
          std::ostringstream explanation;
          explanation << why;
          reason_ = explanation.str();
          if (work_budget_ != 0 && reason_ == "RESOURCEOUT")
            reason_ = "work budget of " + std::to_string(work_budget_) + " cvc5 resource units spent (" + reason_ + ")";
          if (stopped_by_limit_ && !reduced.empty()) reason_ += " (" + std::string(reduced) + ")";
        }
      } catch (const std::exception& error) {
        reason_ = std::string("cvc5 error: ") + error.what();
        spoiled_ = true;
      }
    }
    last_result_ = result;
    statistics_.record(result, stopwatch.seconds());
    shared_.check_log().check("cvc5", result, solving_seconds >= 0 ? solving_seconds : stopwatch.seconds(), logged_work_, reason_);
    return result;
  }

  // cvc5's resource counter so far (for the check log only).
  std::uint64_t work_count() {
    try {
      cvc5::Statistics numbers = solver_.getStatistics();
      const cvc5::Stat& used = numbers.get("resource::resourceUnitsUsed");
      return used.isInt() ? static_cast<std::uint64_t>(used.getInt()) : 0;
    } catch (const std::exception&) {
      return 0;
    }
  }

  std::string reason_unknown() const { return reason_; }

  // Takes effect at the next check (apply_timeout).
  void set_timeout_milliseconds(unsigned milliseconds) { timeout_milliseconds_ = milliseconds; }

  // cvc5 1.0 refuses the option once it has set itself up (accepts_resource_limit): set it when the
  // solver is made.  A warm solver already under `units` is left as it is.
  void set_resource_limit(std::uint64_t units) {
    resource_limit_ = units;
    work_budget_ = 0;
    if (warm_->initialized && warm_->resource_limit == units) return;
    attempt([&] {
      solver_.setOption("rlimit-per", std::to_string(units));  // 0: no limit
      warm_->resource_limit = units;
    });
  }

  // The session's budget (work_budget.hpp): the same limit, named as a budget when it ends a check.
  void set_work_budget(std::uint64_t units) {
    set_resource_limit(units);
    work_budget_ = units;
  }

  std::unique_ptr<Model> model() {
    if (last_result_ != SatResult::Sat) throw std::logic_error("cvc5: model() without a sat answer");
    return std::make_unique<Cvc5Model>(solver_, lowering_, builder_, manager_);
  }

  // cvc5's value of the lowered formula in its model (getValue).
  std::optional<bool> backend_value(Term formula) {
    if (last_result_ != SatResult::Sat) return std::nullopt;
    try {
      const cvc5::Term value = solver_.getValue(lowering_.lower(formula));
      if (value.isBooleanValue()) return value.getBooleanValue();
    } catch (const cvc5::CVC5ApiException&) {
    }
    return std::nullopt;
  }

  SolverStatistics statistics() const { return statistics_; }

  // Whether the last check was stopped by the time limit or the work budget.
  bool stopped_by_limit() const { return stopped_by_limit_; }
  // The resource limit as last set, 0: none.
  std::uint64_t resource_limit() const { return resource_limit_.value_or(0); }
  // The campaign's budget this session runs under (set_work_budget), 0: none.
  std::uint64_t work_budget() const { return work_budget_; }

  // Takes over a discarded session's limits (the resource limit `resource_limit`), counts and last
  // answer; the caller replays its assertions.
  void continue_from(const Cvc5Session& previous, std::uint64_t resource_limit) {
    if (previous.timeout_milliseconds_) set_timeout_milliseconds(*previous.timeout_milliseconds_);
    if (previous.resource_limit_ || resource_limit != 0) set_resource_limit(resource_limit);
    work_budget_ = previous.work_budget_;
    statistics_ = previous.statistics_;
    reason_ = previous.reason_;
    last_result_ = previous.last_result_;
  }

 private:
  // Sets tlimit-per to the session's limit (none unless set_timeout_milliseconds said one) when a
  // warm solver has another in force: cvc5's setOption costs about 90,000 instructions (it lists
  // every option name to check the one given), and the sessions of a case mostly want the same.
  void apply_timeout() {
    const unsigned wanted = timeout_milliseconds_.value_or(0);
    if (warm_->timeout_milliseconds == wanted) return;
    solver_.setOption("tlimit-per", std::to_string(wanted));  // 0: no limit
    warm_->timeout_milliseconds = wanted;
  }

  // Runs a call into cvc5; an exception becomes the reason of an `unknown` answer to the next
  // check in this scope, never a crash.
  template <class Function>
  void attempt(Function&& function) {
    try {
      function();
    } catch (const cvc5::CVC5ApiException& error) {
      if (!failure_) {
        failure_ = std::string("cvc5 error: ") + error.what();
        failure_scope_ = scopes_;
      }
    }
  }

  TermManager& manager_;
  SolverSession& shared_;  // its pool, stall board and check log
  std::weak_ptr<ContextPool> pool_;  // where the solver came from and goes back to; none: nowhere
  std::unique_ptr<WarmCvc5> warm_;
  cvc5::Solver& solver_;
  Cvc5Builder builder_;
  NameTable names_;
  Lowering<Cvc5Builder> lowering_;
  SideConstraintCollector collector_;
  std::vector<SideConstraint> constraints_;
  unsigned scopes_ = 0;
  std::optional<std::string> failure_;
  unsigned failure_scope_ = 0;
  SatResult last_result_ = SatResult::Unknown;
  std::string reason_;
  SolverStatistics statistics_;
  std::uint64_t logged_work_ = 0;
  std::uint64_t work_budget_ = 0;  // set_work_budget's units, 0: none
  std::optional<unsigned> timeout_milliseconds_;  // as last set, for continue_from
  std::optional<std::uint64_t> resource_limit_;
  bool stopped_by_limit_ = false;
  bool thread_outlives_solver_ = false;  // set by keep_warm_after: the solver ran on its caller's thread
  bool spoiled_ = false;  // a limit stopped a check, or cvc5 threw in one: the solver is not handed on
};


// A model read on the thread that owns the cvc5 session.
class WorkerModel final : public Model {
 public:
  WorkerModel(std::unique_ptr<Model> inner, LargeStackThread& worker) : inner_(std::move(inner)), worker_(worker) {}
  Value symbol_value(Term symbol) const override {
    return worker_.run([&] { return inner_->symbol_value(symbol); });
  }
  Value array_element(Term array_symbol, const Value& index) const override {
    return worker_.run([&] { return inner_->array_element(array_symbol, index); });
  }
  Integer array_length(Term array_symbol) const override {
    return worker_.run([&] { return inner_->array_length(array_symbol); });
  }
  Value function_value(terms::FunctionId function, std::span<const Value> arguments) const override {
    return worker_.run([&] { return inner_->function_value(function, arguments); });
  }
  Value function_element(terms::FunctionId function, std::span<const Value> arguments, const Value& index) const override {
    return worker_.run([&] { return inner_->function_element(function, arguments, index); });
  }
  Integer function_length(terms::FunctionId function, std::span<const Value> arguments) const override {
    return worker_.run([&] { return inner_->function_length(function, arguments); });
  }

 private:
  std::unique_ptr<Model> inner_;
  LargeStackThread& worker_;
};

// The Solver: forwards every call to the session on the worker thread.
class Cvc5Solver final : public Solver {
 public:
  // The session's budget is set before any check, as cvc5 requires; an explicit
  // set_resource_limit replaces it.  `shared` null: a session of its own, which shares nothing.
  Cvc5Solver(TermManager& manager, SolverSession* shared)
      : own_shared_(shared == nullptr ? std::make_unique<SolverSession>() : nullptr),
        shared_(shared != nullptr ? *shared : *own_shared_),
        manager_(manager),
        session_(worker_.run([&] { return std::make_unique<Cvc5Session>(manager, shared_, shared_.budget().cvc5_work_per_check()); })) {
    if (const std::uint64_t budget = shared_.budget().cvc5_work_per_check(); budget != 0)
      worker_.run([&] { session_->set_work_budget(budget); });
    shared_.check_log().solver_made("cvc5");
  }
  ~Cvc5Solver() override {
    // Without a hand-over every call ran on the caller's own large-stack thread, which lives on.
    const bool thread_outlives_solver = !worker_.started();
    worker_.run([&] {
      session_->keep_warm_after(thread_outlives_solver);
      session_.reset();
    });
  }

  std::string name() const override { return "cvc5"; }
  void push() override {
    worker_.run([&] { session_->push(); });
    assertions_.push();
  }
  void pop(unsigned n) override {
    worker_.run([&] { session_->pop(n); });  // throws when n is more than was pushed
    assertions_.pop(n);
  }
  void add(Term formula) override {
    worker_.run([&] { session_->add(formula); });
    assertions_.add(formula);
  }
  SatResult check() override {
    WorkBudget& budget = shared_.budget();
    const unsigned time_limit = budget.cvc5_time_limit(requested_timeout_);
    const std::string_view note = budget.cvc5_reduction_note();
    const SatResult result = worker_.run([&] {
      if (time_limit != applied_timeout_) session_->set_timeout_milliseconds(time_limit);
      return session_->check(note);
    });
    applied_timeout_ = time_limit;
    if (result == SatResult::Unknown && session_->stopped_by_limit()) {
      budget.count_cvc5_undecided();
      // A budget from the session may be reduced now; a limit set by the caller stays.
      const bool from_budget = session_->work_budget() != 0;
      const std::uint64_t next = from_budget ? budget.cvc5_work_per_check() : session_->resource_limit();
      worker_.run([&] {
        renew_session(next);
        if (from_budget) session_->set_work_budget(next);
      });
    }
    return result;
  }
  std::string reason_unknown() const override { return session_->reason_unknown(); }
  void set_timeout_milliseconds(unsigned milliseconds) override {
    worker_.run([&] { session_->set_timeout_milliseconds(milliseconds); });
    requested_timeout_ = applied_timeout_ = milliseconds;
  }
  void set_resource_limit(std::uint64_t units) override {
    worker_.run([&] {
      if (!session_->accepts_resource_limit(units)) renew_session(units);  // a warm solver under another limit
      session_->set_resource_limit(units);
    });
  }
  std::unique_ptr<Model> model() override {
    return std::make_unique<WorkerModel>(worker_.run([&] { return session_->model(); }), worker_);
  }
  std::optional<bool> backend_value(Term formula) override {
    return worker_.run([&] { return session_->backend_value(formula); });
  }
  SolverStatistics statistics() const override { return session_->statistics(); }

 private:

  // cvc5 1.0.3 with arrays-eager-lemmas corrupts its heap when a session goes on after a check
  // that its time limit or work budget stopped (valgrind: a block freed by the next pop is written
  // by the check after it; paper-notes/001, "Fields in summaries"): such a session is dropped, and
  // a new one gets the limits, the counts and the assertions, scope by scope.  Also used when a warm
  // solver cannot take a new resource limit.  On the worker thread.
  void renew_session(std::uint64_t resource_limit) {
    auto fresh = std::make_unique<Cvc5Session>(manager_, shared_, resource_limit);
    fresh->continue_from(*session_, resource_limit);
    session_->keep_warm_after(!worker_.started());
    session_ = std::move(fresh);
    assertions_.replay(*session_);
  }

  std::unique_ptr<SolverSession> own_shared_;  // when made without one
  SolverSession& shared_;  // its pool, budget, stall board and check log
  TermManager& manager_;
  mutable LargeStackThread worker_;  // declared before the session: it outlives it
  std::unique_ptr<Cvc5Session> session_;
  AssertionStack assertions_;  // what was said to the session, for renew_session
  unsigned requested_timeout_ = 0;  // set_timeout_milliseconds's (0: none)
  unsigned applied_timeout_ = 0;    // the session's: less once the case's cvc5 allowance is spent
};

}  // namespace

std::unique_ptr<Solver> make_cvc5_solver(TermManager& manager) { return std::make_unique<Cvc5Solver>(manager, nullptr); }

std::unique_ptr<Solver> make_cvc5_solver(TermManager& manager, SolverSession& session) {
  return std::make_unique<Cvc5Solver>(manager, &session);
}

}  // namespace symref::solver
