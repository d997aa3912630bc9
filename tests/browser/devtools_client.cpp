// The DevTools protocol over Chromium's debugging pipe: file descriptors 3 (commands) and 4
// (answers and events), each message JSON ended by a NUL byte.
#include "devtools_client.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <thread>
#include <vector>

extern char** environ;

namespace symref::testing {

namespace {

bool executable(const std::string& path) { return ::access(path.c_str(), X_OK) == 0; }

struct KeyCode {
  const char* key;
  const char* code;
  int windows_code;
};
constexpr KeyCode named_keys[] = {
    {"ArrowLeft", "ArrowLeft", 37}, {"ArrowUp", "ArrowUp", 38}, {"ArrowRight", "ArrowRight", 39},
    {"ArrowDown", "ArrowDown", 40}, {"Home", "Home", 36},       {"End", "End", 35},
    {"Enter", "Enter", 13},         {"Escape", "Escape", 27},   {"Backspace", "Backspace", 8},
};

}  // namespace

std::optional<std::string> Chromium::find_executable() {
  for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"})
    if (executable(candidate)) return std::string(candidate);
  return std::nullopt;
}

Chromium::Chromium(const std::string& executable_path) {
  std::string pattern = (std::filesystem::temp_directory_path() / "symref-chromium-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    error_ = "cannot create a profile directory";
    return;
  }
  profile_ = pattern;
  int commands[2], answers[2];
  if (::pipe(commands) != 0 || ::pipe(answers) != 0) {
    error_ = "cannot create pipes";
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  const std::string log = profile_ + "/chromium.log";
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, commands[0], 3);
  posix_spawn_file_actions_adddup2(&actions, answers[1], 4);
  // The flags that work here as root (no sandbox, no network, no GPU) and a fresh profile.
  std::vector<std::string> arguments{executable_path,
                                     "--headless",
                                     "--no-sandbox",
                                     "--disable-gpu",
                                     "--disable-quic",
                                     "--no-first-run",
                                     "--disable-background-networking",
                                     "--disable-component-update",
                                     "--disable-sync",
                                     "--disable-extensions",
                                     "--hide-scrollbars",
                                     "--user-data-dir=" + profile_,
                                     "--remote-debugging-pipe",
                                     "about:blank"};
  std::vector<char*> argv;
  for (auto& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  int status = posix_spawn(&child_, executable_path.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(commands[0]);
  ::close(answers[1]);
  to_browser_ = commands[1];
  from_browser_ = answers[0];
  ::fcntl(to_browser_, F_SETFD, FD_CLOEXEC);
  ::fcntl(from_browser_, F_SETFD, FD_CLOEXEC);
  if (status != 0) {
    child_ = -1;
    error_ = "cannot start " + executable_path;
    return;
  }
  try {
    command("Browser.getVersion");
  } catch (const std::exception& e) {
    error_ = std::string("the browser does not answer: ") + e.what();
  }
}

Chromium::~Chromium() {
  if (child_ > 0) {
    try {
      if (error_.empty()) send({{"id", next_id_++}, {"method", "Browser.close"}});
    } catch (...) {
    }
    for (int k = 0; k < 100; ++k) {
      int status = 0;
      if (::waitpid(child_, &status, WNOHANG) == child_) {
        child_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (child_ > 0) {
      ::kill(child_, SIGKILL);
      ::waitpid(child_, nullptr, 0);
    }
  }
  if (to_browser_ >= 0) ::close(to_browser_);
  if (from_browser_ >= 0) ::close(from_browser_);
  std::error_code ignored;
  if (!profile_.empty()) std::filesystem::remove_all(profile_, ignored);
}

void Chromium::send(const nlohmann::json& message) {
  std::string text = message.dump();
  text.push_back('\0');
  std::size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(to_browser_, text.data() + written, text.size() - written);
    if (n <= 0) throw std::runtime_error("cannot write to the browser");
    written += static_cast<std::size_t>(n);
  }
}

nlohmann::json Chromium::receive(std::chrono::steady_clock::time_point deadline) {
  while (true) {
    std::size_t end = buffer_.find('\0');
    if (end != std::string::npos) {
      std::string message = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return nlohmann::json::parse(message);
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) throw std::runtime_error("the browser did not answer in time");
    pollfd descriptor{from_browser_, POLLIN, 0};
    int ready = ::poll(&descriptor, 1, static_cast<int>(left));
    if (ready < 0) throw std::runtime_error("poll failed");
    if (ready == 0) continue;
    char chunk[65536];
    ssize_t n = ::read(from_browser_, chunk, sizeof chunk);
    if (n <= 0) throw std::runtime_error("the browser closed its pipe");
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

nlohmann::json Chromium::command(const std::string& method, const nlohmann::json& parameters, const std::string& session) {
  const int id = next_id_++;
  nlohmann::json message{{"id", id}, {"method", method}, {"params", parameters}};
  if (!session.empty()) message["sessionId"] = session;
  send(message);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (true) {
    nlohmann::json answer = receive(deadline);
    if (!answer.contains("id")) {
      events_.push_back(std::move(answer));
      continue;
    }
    if (answer["id"] != id) continue;
    if (answer.contains("error")) throw std::runtime_error(method + ": " + answer["error"].dump());
    return answer.value("result", nlohmann::json::object());
  }
}

nlohmann::json Chromium::wait_for_event(const std::string& method, const std::string& session,
                                        std::chrono::milliseconds timeout) {
  auto matches = [&](const nlohmann::json& event) {
    return event.value("method", "") == method && (session.empty() || event.value("sessionId", "") == session);
  };
  for (auto it = events_.begin(); it != events_.end(); ++it) {
    if (matches(*it)) {
      nlohmann::json event = *it;
      events_.erase(it);
      return event;
    }
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    nlohmann::json message = receive(deadline);
    if (matches(message)) return message;
    if (!message.contains("id")) events_.push_back(std::move(message));
  }
}

Page::Page(Chromium& browser, int width, int height) : browser_(browser) {
  target_ = browser_.command("Target.createTarget", {{"url", "about:blank"}})["targetId"];
  session_ = browser_.command("Target.attachToTarget", {{"targetId", target_}, {"flatten", true}})["sessionId"];
  browser_.command("Page.enable", nlohmann::json::object(), session_);
  browser_.command("Runtime.enable", nlohmann::json::object(), session_);
  browser_.command("Emulation.setDeviceMetricsOverride",
                   {{"width", width}, {"height", height}, {"deviceScaleFactor", 1}, {"mobile", false}}, session_);
}

Page::~Page() {
  try {
    browser_.command("Target.closeTarget", {{"targetId", target_}});
  } catch (...) {
  }
}

void Page::open(const std::string& url) {
  browser_.command("Page.navigate", {{"url", url}}, session_);
  browser_.wait_for_event("Page.loadEventFired", session_, std::chrono::seconds(60));
  for (int k = 0; k < 300; ++k) {
    if (evaluate("document.body && document.body.dataset.ready === 'true'") == true) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("the page did not get ready: " + url);
}

nlohmann::json Page::evaluate(const std::string& expression) {
  nlohmann::json result = browser_.command(
      "Runtime.evaluate", {{"expression", expression}, {"returnByValue", true}, {"awaitPromise", true}}, session_);
  if (result.contains("exceptionDetails"))
    throw std::runtime_error("script failed: " + expression + ": " + result["exceptionDetails"].dump());
  return result["result"].value("value", nlohmann::json());
}

void Page::click(const std::string& selector) {
  const std::string quoted = nlohmann::json(selector).dump();
  nlohmann::json box = evaluate("(() => { const e = document.querySelector(" + quoted +
                                "); if (!e) return null; e.scrollIntoView({block: 'center', inline: 'center'});"
                                " const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()");
  if (box.is_null()) throw std::runtime_error("nothing to click: " + selector);
  const double x = box[0], y = box[1];
  browser_.command("Input.dispatchMouseEvent", {{"type", "mouseMoved"}, {"x", x}, {"y", y}}, session_);
  browser_.command("Input.dispatchMouseEvent",
                   {{"type", "mousePressed"}, {"x", x}, {"y", y}, {"button", "left"}, {"clickCount", 1}}, session_);
  browser_.command("Input.dispatchMouseEvent",
                   {{"type", "mouseReleased"}, {"x", x}, {"y", y}, {"button", "left"}, {"clickCount", 1}}, session_);
}

void Page::press(const std::string& key) {
  nlohmann::json down{{"type", "keyDown"}, {"key", key}};
  bool named = false;
  for (const auto& entry : named_keys) {
    if (key == entry.key) {
      down["code"] = entry.code;
      down["windowsVirtualKeyCode"] = entry.windows_code;
      named = true;
    }
  }
  if (!named) down["text"] = key;
  browser_.command("Input.dispatchKeyEvent", down, session_);
  nlohmann::json up = down;
  up["type"] = "keyUp";
  up.erase("text");
  browser_.command("Input.dispatchKeyEvent", up, session_);
}

std::string Page::screenshot() {
  nlohmann::json result = browser_.command("Page.captureScreenshot", {{"format", "png"}}, session_);
  return decode_base64(result["data"].get<std::string>());
}

std::string decode_base64(const std::string& text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::string out;
  unsigned bits = 0;
  int count = 0;
  for (char c : text) {
    int v = value(c);
    if (v < 0) continue;
    bits = (bits << 6) | static_cast<unsigned>(v);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out.push_back(static_cast<char>((bits >> count) & 0xFF));
    }
  }
  return out;
}

}  // namespace symref::testing
