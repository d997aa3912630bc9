// The HTML report's page template, style sheet and script (interp/report/assets), compiled into
// the binary by cmake/embed_text_files.cmake so that `symref report` needs no files at run time.
#pragma once

#include <string_view>

namespace symref::report {

extern const std::string_view report_page_template;  // assets/report.html
extern const std::string_view report_style;          // assets/report.css
extern const std::string_view report_script;         // assets/report.js

}  // namespace symref::report
