"""How a URL (and a source given as one) is named anywhere driftctl shows it: without its
user info (`user:password@`) and its query and fragment (a presigned URL's
`X-Amz-Signature=...` is a credential). Every report format, error message, `--debug`
traceback, pull request and pytest failure names sources through `url()` (`text()` for a
message that may hold URLs, `source()` for a --from source).

The parsing never fails and never guesses in the secret's favour: a password holding a
reserved character it should have percent-encoded (`bob:pa/ss@host`, where the URL's
host would end at the `/`) is found by the last `@` of the URL, and an authority that is
still not `host[:port]` is not shown at all. A local source (`hcl://`, `yaml://`, ...)
names a file, not a URL: it is shown as it is. Standard library only (the CLI's error
handler imports it).
"""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import Protocol


class Source(Protocol):
    """What naming a --from source reads of it (driftctl.settings.Source has it; the
    settings are not imported here: they sit above this module)."""

    @property
    def scheme(self) -> str: ...
    @property
    def path(self) -> PurePath: ...
    @property
    def url(self) -> str | None: ...


HIDDEN = "***"  # an authority that is not host[:port] (user info that could not be told)
# --from schemes whose "URL" is a local path: a `?` or `@` in it is part of a file name
LOCAL_SCHEMES = frozenset({"hcl", "tfstate", "kustomize", "yaml", "file"})

_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s\"'<>`]+")
_HOST_PORT = re.compile(r"(?:\[[0-9A-Fa-f:.]*\]|[^:@\[\]]*)(?::\d*)?")
_TRAILING = ".,:;)]}"  # punctuation after a URL in a sentence, kept outside it


def url(text: str) -> str:
    """text (`scheme://[userinfo@]host[:port]/path[?query][#fragment]`) without its user
    info, query and fragment. Text that is not such a URL is returned as it is."""
    scheme, sep, rest = text.partition("://")
    if not sep or scheme.lower() in LOCAL_SCHEMES:
        return text
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    if "@" in authority:
        rest = rest[rest.rindex("@", 0, len(authority)) + 1 :]
    elif not _HOST_PORT.fullmatch(authority) and "@" in rest:
        # `bob:pa/ss@host`: the authority ends early at a character of the password
        rest = rest[rest.rindex("@") + 1 :]
        if not _HOST_PORT.fullmatch(re.split(r"[/?#]", rest, maxsplit=1)[0]):
            rest = HIDDEN
    kept = re.split(r"[?#]", rest, maxsplit=1)[0]
    return f"{scheme}://{kept}"


def text(message: str) -> str:
    """message with every URL in it shown as url() shows it."""
    if "://" not in message:
        return message
    return _URL.sub(_one, message)


def credentials(message: str) -> str:
    """message with the user info of every URL in it left out, the rest kept: for a
    module source (`git::https://user:TOKEN@host/repo.git?ref=v1.2`), whose query names a
    version, not a secret."""
    if "://" not in message:
        return message
    return _URL.sub(lambda found: _USERINFO.sub(r"\1", found.group(0), count=1), message)


_USERINFO = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@")


def _one(found: re.Match[str]) -> str:
    whole = found.group(0)
    core = whole.rstrip(_TRAILING)
    return url(core) + whole[len(core) :]


def source(src: Source) -> str:
    """A --from source as it is named in messages and reports: `scheme://path`; a URL's
    (tfstate+http(s)) without its secrets. A local path is shown as it is."""
    if src.url is not None:
        return url(f"{src.scheme}://{src.url.partition('://')[2]}")
    return f"{src.scheme}://{src.path.as_posix()}"
