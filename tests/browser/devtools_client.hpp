// A headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe): no
// WebSocket, no Node.js, only Debian's `chromium`.  Enough of the protocol for the report's
// browser tests: open a page, evaluate script, click and type like a user, take screenshots.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <deque>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace symref::testing {

class Chromium {
 public:
  // Starts the browser with a fresh profile; `error` says why when it cannot.
  static std::optional<std::string> find_executable();
  explicit Chromium(const std::string& executable);
  ~Chromium();
  Chromium(const Chromium&) = delete;
  Chromium& operator=(const Chromium&) = delete;

  bool running() const { return child_ > 0 && error_.empty(); }
  const std::string& error() const { return error_; }

  // One protocol command; the answer's "result" (throws std::runtime_error on an error answer).
  nlohmann::json command(const std::string& method, const nlohmann::json& parameters = nlohmann::json::object(),
                         const std::string& session = "");
  // Waits for an event of `method` (in `session`), keeping others for later.
  nlohmann::json wait_for_event(const std::string& method, const std::string& session,
                                std::chrono::milliseconds timeout = std::chrono::seconds(30));

 private:
  void send(const nlohmann::json& message);
  nlohmann::json receive(std::chrono::steady_clock::time_point deadline);

  pid_t child_ = -1;
  int to_browser_ = -1, from_browser_ = -1;
  std::string profile_;
  std::string buffer_;
  std::deque<nlohmann::json> events_;
  int next_id_ = 1;
  std::string error_;
};

// A page (a tab) of the browser with a fixed viewport.
class Page {
 public:
  Page(Chromium& browser, int width, int height);
  ~Page();

  // Loads `url` and waits until the report's script has finished (body[data-ready]).
  void open(const std::string& url);
  // The value of a JavaScript expression (returned by value).
  nlohmann::json evaluate(const std::string& expression);
  // A left click at the centre of the element `selector` names, after scrolling it into view,
  // as mouse events at its position (so the page's own hit-testing decides what is clicked).
  void click(const std::string& selector);
  // A key press as keyDown/keyUp: `key` as in KeyboardEvent.key ("ArrowRight", "End", "n").
  void press(const std::string& key);
  // A PNG of the viewport.
  std::string screenshot();

 private:
  Chromium& browser_;
  std::string target_;
  std::string session_;
};

std::string decode_base64(const std::string& text);

}  // namespace symref::testing
