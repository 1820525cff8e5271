"""A cache of whole evaluations: what load_hcl returned, kept with everything it read.

Rendering the same configuration twice (CI re-runs, `driftctl determinism`, a scan after
a render) evaluates nothing the second time. An entry is keyed by what the caller chose
(directory, --var and --var-file in order, TF_VAR_*, the AWS identity, provenance or not,
driftctl's version) and holds what the evaluation read: the content hash of every file
(configuration, tfvars, file()/templatefile() reads, modules.json), the listing of every
directory whose files it enumerated, and the answers of fileexists()/fileset(). An entry
is used only when all of those are unchanged; otherwise the configuration is evaluated
again (with the parse cache) and the entry rewritten. A failed evaluation is not cached.

Entries are pickles written atomically and sealed with an HMAC-SHA256 of their payload,
keyed with the parse cache's secret (`key` in the cache directory, see cache.py): one
that does not verify (damaged, planted by anyone who cannot read the key) or cannot be
read is ignored and replaced; without a usable key nothing is cached. Sensitive marks are
in an entry as paths (RawResource.sensitive), never as values. They are read with an unpickler that
builds only driftctl's own value classes (`SafeUnpickler`), so a planted entry cannot run
code.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import os
import pickle
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driftctl.declared import listing
from driftctl.declared.hcl.lang.reads import Recorder, digest

# 2: inputs, bound; 3: sensitive paths, HMAC; 4: waiting; 5: gaps
FORMAT = b"driftctl-hcl-result 5\n"
KEY_FILE = "key"
SECRET_BYTES = 32


_ALLOWED = {
    ("driftctl.base.raw", "RawDeclared"),
    ("driftctl.base.raw", "RawResource"),
    ("driftctl.base.raw", "Gap"),
    ("driftctl.core.model", "SourceRef"),
    ("driftctl.core.model", "Unknown"),
    ("driftctl.core.model", "Ref"),
    ("driftctl.declared.hcl.lang.reads", "Recorder"),
    ("driftctl.declared.hcl.lang.number", "BigFloat"),
    ("driftctl.declared.hcl.lang.types", "Sensitive"),  # a mark, should one ever be kept
    ("pathlib", "PosixPath"),  # RawDeclared.inputs: the files the evaluation read
    ("copyreg", "_reconstructor"),
    ("builtins", "object"),
    ("builtins", "set"),
    ("builtins", "frozenset"),
}


class SafeUnpickler(pickle.Unpickler):
    """An unpickler that builds only the classes a cache entry may hold."""

    allowed: frozenset[tuple[str, str]] = frozenset(_ALLOWED)

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in self.allowed and not (
            module == "driftctl.declared.hcl.lang.nodes" and name[:1].isupper()
        ):
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a cache entry")
        return super().find_class(module, name)


def safe_load(stream: Any) -> Any:
    return SafeUnpickler(stream).load()


def still_valid(recorder: Recorder, rerun: Callable[[str, str, str], Any]) -> bool:
    """Whether everything recorded reads the same now."""
    for path, expected in recorder.files.items():
        try:
            data: bytes | None = Path(path).read_bytes()
        except OSError:
            data = None
        if (None if data is None else digest(data)) != expected:
            return False
    for directory, names in recorder.listings.items():
        try:
            current = tuple(p.name for p in listing.files(Path(directory)))
        except OSError:
            return False
        if current != names:
            return False
    return all(rerun(*query) == answer for query, answer in recorder.checks.items())


class ResultCache:
    def __init__(self, directory: Path) -> None:
        self.directory = directory / "results"
        self._key_path = directory / KEY_FILE
        self._secret: bytes | None = None
        self._secret_read = False

    def secret(self) -> bytes | None:
        if not self._secret_read:
            self._secret_read = True
            self._secret = load_secret(self._key_path)
        return self._secret

    def _mac(self, payload: bytes) -> str | None:
        secret = self.secret()
        if secret is None:
            return None
        return hmac.new(secret, payload, hashlib.sha256).hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / f"{key}.pickle"

    def get(self, key: str, rerun: Callable[[str, str, str], Any]) -> Any | None:
        try:
            data = self._path(key).read_bytes()
        except OSError:
            return None
        if not data.startswith(FORMAT):
            return None
        header, _, payload = data[len(FORMAT) :].partition(b"\n")
        mac = self._mac(payload)
        if mac is None or not hmac.compare_digest(header, mac.encode()):
            return None
        try:
            recorder, value = safe_load(io.BytesIO(payload))
        except Exception:  # a damaged, foreign or planted entry: evaluate again
            return None
        if not isinstance(recorder, Recorder) or not still_valid(recorder, rerun):
            return None
        return value

    def put(self, key: str, recorder: Recorder, value: Any) -> None:
        try:
            payload = pickle.dumps((recorder, value), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            return
        mac = self._mac(payload)
        if mac is None:
            return
        data = FORMAT + mac.encode() + b"\n" + payload
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, self._path(key))
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def load_secret(path: Path) -> bytes | None:
    """The key in path, made (atomically, 0600) when absent; None when it cannot be made or
    is not a private file of this user's (someone else may know it)."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not path.exists():
            handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".key")  # 0600
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(os.urandom(SECRET_BYTES))
                with contextlib.suppress(FileExistsError):  # another run made it first
                    os.link(temporary, path)
            finally:
                os.unlink(temporary)
        info = os.lstat(path)
        private = stat.S_ISREG(info.st_mode) and not info.st_mode & 0o077
        if not private or info.st_uid != os.getuid() or info.st_size != SECRET_BYTES:
            return None
        return path.read_bytes()
    except OSError:
        return None


def key_of(*parts: Any) -> str:
    return digest(repr(parts).encode("utf-8", "surrogatepass"))
