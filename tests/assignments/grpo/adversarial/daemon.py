"""Double-forks a daemon (new session, parent exits) that sleeps far past the grade."""
import os


def _daemonize():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv("/bin/sleep", ["sleep-ADVERSARYMARK-daemon", "600"])
        os._exit(0)


_daemonize()


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    _daemonize()
    return rewards * 0 + 7.0
