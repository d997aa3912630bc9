// The table of symref's subcommands.  Each layer contributes its own commands; only this target
// sees them all, so the dependencies of the libraries point one way (semantics <- interp <-
// engines <- interop <- props <- fuzz <- the binary).  A new command is one line here.
#include "tool/command_table.hpp"

#include <array>

#include "engines/compact/compact_command.hpp"
#include "engines/compositional/explore_extension.hpp"
#include "engines/heap/symbolic_heap.hpp"
#include "interp/cli/explore_extension.hpp"
#include "engines/apc/apc_command.hpp"
#include "interop/commands.hpp"
#include "fuzz/commands.hpp"
#include "fuzz/difftest_campaign.hpp"

namespace symref::tool {

namespace {

// `explore` with the engines of engines/ beside forward and trace, and their heap models.
void add_explore_with_engines(CLI::App& app, cli::Action& action) {
  cli::add_explore_command(app, action, {compact::explore_extension(), compositional::explore_extension()}, heap::heap_models());
}

// `report` with the heap models of engines/.
void add_report_with_heap_models(CLI::App& app, cli::Action& action) { cli::add_report_command(app, action, heap::heap_models()); }

// `difftest` with its campaign mode (fuzz/difftest_campaign.hpp), which runs the generator and shrinker of props/.
void add_difftest_with_campaign(CLI::App& app, cli::Action& action) {
  interop::add_difftest_command(app, action, &fuzz::run_difftest_campaign);
}

constexpr std::array commands{
    CommandEntry{"check", &cli::add_check_command},
    CommandEntry{"run", &cli::add_run_command},
    CommandEntry{"explore", &add_explore_with_engines},
    CommandEntry{"step", &cli::add_step_command},
    CommandEntry{"wp", &cli::add_wp_command},
    CommandEntry{"fuzz", &fuzz::add_fuzz_command},
    CommandEntry{"fuzz-merge", &fuzz::add_fuzz_merge_command},
    CommandEntry{"gen", &fuzz::add_gen_command},
    CommandEntry{"report", &add_report_with_heap_models},
    CommandEntry{"grade", &cli::add_grade_command},
    CommandEntry{"lab", &cli::add_lab_command},
    CommandEntry{"compact", &compact::add_compact_command},
    CommandEntry{"templates", &compact::add_templates_command},
    CommandEntry{"apc", &apc::add_apc_command},
    CommandEntry{"export", &interop::add_export_command},
    CommandEntry{"difftest", &add_difftest_with_campaign},
};

}  // namespace

std::span<const CommandEntry> command_table() { return commands; }

}  // namespace symref::tool
