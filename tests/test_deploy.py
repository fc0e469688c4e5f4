"""The deployment files (docker-compose.yml, deploy/Caddyfile) agree with the code: every
Empires process's command is one the ``empires`` command accepts, the web processes and bot
workers share one database, one broker and one channel, and the proxy reaches every web
process."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from empires.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent


def services() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]


def empires_commands() -> dict:
    return {
        name: build_parser().parse_args(svc["command"][1:])
        for name, svc in services().items()
        if svc.get("command", [None])[0] == "empires"
    }


def test_every_empires_process_runs_a_command_the_cli_accepts():
    commands = empires_commands()
    webs = [n for n, a in commands.items() if a.command == "serve"]
    workers = [n for n, a in commands.items() if a.command == "bot-worker"]
    assert len(webs) >= 2 and workers
    for name in webs:
        args = commands[name]
        assert args.bots == "queue" and args.broker and args.db.startswith("postgresql")
        assert args.host == "0.0.0.0"
    shared = {(a.db, a.broker, a.broker_channel) for a in commands.values()}
    assert len(shared) == 1  # one database, one broker, one channel for all of them


def test_the_proxy_reaches_every_web_process_and_the_services_it_needs_exist():
    svc = services()
    caddy = (ROOT / "deploy" / "Caddyfile").read_text()
    upstreams = set(re.findall(r"(\w+):8000", caddy))
    webs = {n for n, a in empires_commands().items() if a.command == "serve"}
    assert upstreams == webs
    assert "health_uri /api/health" in caddy
    assert {"postgres", "redis", "proxy"} <= set(svc)
    assert (ROOT / svc["web1"]["build"]["dockerfile"]).is_file()
