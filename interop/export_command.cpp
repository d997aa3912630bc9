// `symref export FILE --to LANGUAGE [--loop-bound K] [--int exact|i64] [-o DIR]`: the program in
// another language, with the manifest of what symref knows about it at K (manifest.hpp).
#include <iostream>
#include <memory>

#include "interop/commands.hpp"
#include "interop/manifest.hpp"
#include "interp/cli/exit_codes.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::interop {

namespace {

struct ExportCommandOptions {
  std::string file;
  std::string language;
  std::uint32_t loop_bound = 10;
  std::string integers = "exact";
  std::string directory;
  std::string fault;
};

int run_export(const ExportCommandOptions& options) {
  cli::activate_fault(options.fault);
  auto program = load_program(options.file);
  ExportOptions export_options;
  export_options.loop_bound = options.loop_bound;
  export_options.integers = options.integers == "i64" ? IntegerModel::Int64 : IntegerModel::Exact;
  std::string directory =
      options.directory.empty() ? export_base_name(options.file) + "-" + options.language : options.directory;
  ReferenceExploration exploration(*program, options.loop_bound);
  WrittenExport written = write_export(*program, options.file, options.language, export_options, directory, exploration);
  for (const ExportedFile& file : written.exported.files) std::cout << "wrote " << directory << "/" << file.name << "\n";
  std::cout << "wrote " << directory << "/manifest.json (" << written.manifest["leaves"].size() << " feasible leaves at loop bound "
            << options.loop_bound << ")\n";
  if (!written.exported.build_hint.empty()) std::cout << "build: " << written.exported.build_hint << "\n";
  return cli::exit_done;
}

}  // namespace

void add_export_command(CLI::App& app, cli::Action& action) {
  auto options = std::make_shared<ExportCommandOptions>();
  CLI::App* command = app.add_subcommand("export", "the program in C, Dafny, ACSL or WhyML, with a manifest of symref's answers");
  command->add_option("FILE", options->file, "the program (.sym)")->required();
  std::vector<std::string> languages;
  std::string help = "the target language:";
  for (const ExporterEntry& entry : exporter_table()) {
    languages.emplace_back(entry.language);
    help += std::string(" ") + std::string(entry.language) + " (" + std::string(entry.description) + ");";
  }
  help.pop_back();
  command->add_option("--to", options->language, help)->required()->check(CLI::IsMember(languages));
  command->add_option("--loop-bound", options->loop_bound,
                      "K: the manifest's exploration and bounded targets cut loops and calls as `explore --loop-bound K`")
      ->check(CLI::Range(0u, 1'000'000u))
      ->capture_default_str();
  command->add_option("--int", options->integers, "the C export's integers: exact (unbounded) or i64 (overflow ends the run as inconclusive); the other exports have their own")
      ->check(CLI::IsMember({"exact", "i64"}))
      ->capture_default_str();
  command->add_option("-o,--output", options->directory, "the directory to write (default: NAME-LANGUAGE beside the current directory)");
  cli::add_fault_option(command, options->fault, "switch on a planted bug (see `symref fuzz --list-faults`)");
  command->final_callback([&action, options] { action = [options] { return run_export(*options); }; });
}

}  // namespace symref::interop
