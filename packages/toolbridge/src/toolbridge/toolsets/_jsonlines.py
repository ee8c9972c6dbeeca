"""The JSON-lines audit sink: one line per record, written off the caller's thread.

A gateway's calls must not wait on its audit log: serialising a record and flushing
it cost more than a served ``echo`` call's own work, and a slow disk or a stalled
log pipe (stdout read by a collector) would stall every call in flight. So by
default `write` only queues the record; one thread per sink takes what has queued,
writes it as JSON lines and flushes, batch by batch, in order. A busy writer lets
records gather for 5 ms after each batch rather than wake at every one (each wake
takes the GIL from the event loop serving calls: a served ``echo`` ran at half the
calls per second without it), so a record reaches the file within a few
milliseconds of the call's end; `flush` waits until every record
written so far is out, `close` (and the interpreter's exit) drains the queue. Only a
process killed outright loses the records it had not yet written.

Lines are written whole, in chunks of at most `PIPE_CHUNK` bytes (a line longer than
that goes alone), each in one ``write``: appends of several processes to one file,
or to one pipe, never interleave inside a line.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import queue
import threading
import time
import weakref
from pathlib import Path
from typing import IO, Final, final

from toolbridge.toolsets._audit import AuditRecord

__all__ = ["JsonLinesSink"]

PIPE_CHUNK: Final = 4096
"""Bytes per write: POSIX's ``PIPE_BUF``, below which a pipe write is atomic."""
BACKLOG: Final = 100_000
"""Records queued before `write` waits for the writer (a stalled target slows calls
down rather than filling memory)."""
_log = logging.getLogger("toolbridge.toolsets")
_open_sinks: weakref.WeakSet[JsonLinesSink] = weakref.WeakSet()
_exit_hook = threading.Lock()
_STOP: Final = object()
_GATHER: Final = 0.005
"""Seconds the writer waits after a batch, while records keep coming, for the next."""


def _close_all() -> None:
    """At the interpreter's exit: write out what every open sink still holds."""
    for sink in list(_open_sinks):
        sink.close()


@final
class JsonLinesSink:
    """Appends each record to a file (or stream) as one line of ASCII JSON.

    Args:
        target: A path (opened for appending, created if missing) or a text stream
            (``sys.stdout``: the collector of a container reads it).
        background: Write on a thread of the sink's own, in batches (the default);
            ``False`` writes and flushes within `write`, on the caller's thread.
    """

    def __init__(self, target: str | Path | IO[str], *, background: bool = True) -> None:
        self._lock = threading.Lock()
        self._raw: IO[bytes] | None = None
        self._stream: IO[str] | None = None
        if isinstance(target, (str, Path)):
            self._raw = Path(target).open("ab", buffering=0)  # noqa: SIM115
        else:
            self._stream = target
        self._background = background
        self._closed = False
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()
        if background:
            with _exit_hook:
                if not _open_sinks:
                    atexit.unregister(_close_all)
                    atexit.register(_close_all)
                _open_sinks.add(self)

    def write(self, record: AuditRecord) -> None:
        """Queue `record` (or, without a background thread, write and flush it)."""
        if self._closed:
            raise ValueError("the audit sink is closed")
        if not self._background:
            self._emit([_line(record)])
            return
        if self._thread is None or self._pid != os.getpid():
            self._start()
        self._queue.put(record)
        if self._queue.qsize() > BACKLOG:
            self.flush()

    def flush(self) -> None:
        """Return once every record written so far is out (written and flushed)."""
        if self._background and self._thread is not None and self._pid == os.getpid():
            done = threading.Event()
            self._queue.put(done)
            done.wait()

    def close(self) -> None:
        """Write out every queued record, stop the thread, close a file this sink opened."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        thread = self._thread
        if thread is not None and self._pid == os.getpid() and thread.is_alive():
            self._queue.put(_STOP)
            thread.join()
        _open_sinks.discard(self)
        if self._raw is not None:
            self._raw.close()

    def __enter__(self) -> JsonLinesSink:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _start(self) -> None:
        """Start the writer (again, in a forked child: the parent's thread is not here)."""
        with self._lock:
            if self._thread is not None and self._pid == os.getpid():
                return
            if self._pid != os.getpid():  # a fork: the parent's queue is the parent's
                self._queue = queue.SimpleQueue()
                self._pid = os.getpid()
            self._thread = threading.Thread(target=self._run, name="toolbridge-audit", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        """Take what has queued, write it, flush, signal; until told to stop."""
        take = self._queue.get
        while True:
            batch = [take()]
            while len(batch) < 4096:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            try:
                lines = [_line(item) for item in batch if isinstance(item, AuditRecord)]
            except Exception:  # a custom record's extra that cannot be written: logged
                _log.exception("audit records could not be serialised")
                lines = []
            if lines:
                self._emit(lines)
            for item in batch:
                if isinstance(item, threading.Event):
                    item.set()
            if _STOP in batch:
                return
            if lines:
                # Busy: let records gather rather than wake at every one (each wake
                # takes the GIL from the event loop that queued it).
                time.sleep(_GATHER)

    def _emit(self, lines: list[str]) -> None:
        """Write `lines` in whole-line chunks of at most `PIPE_CHUNK` bytes; never raise."""
        try:
            with self._lock:
                for chunk in _chunks(lines):
                    if self._raw is not None:
                        _write_all(self._raw, chunk.encode("ascii"))
                    else:
                        assert self._stream is not None
                        self._stream.write(chunk)
                        self._stream.flush()
        except (OSError, ValueError):
            _log.exception("the audit log could not be written: %d record(s) lost", len(lines))


def _line(record: AuditRecord) -> str:
    """`record` as one line of JSON (ASCII: a newline in a name cannot forge a line)."""
    return json.dumps(record.to_dict(), ensure_ascii=True, default=repr) + "\n"


def _chunks(lines: list[str]) -> list[str]:
    """`lines` joined into chunks of whole lines, each at most `PIPE_CHUNK` bytes."""
    chunks: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        if current and size + len(line) > PIPE_CHUNK:
            chunks.append("".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line)
    if current:
        chunks.append("".join(current))
    return chunks


def _write_all(raw: IO[bytes], data: bytes) -> None:
    """Write all of `data` (an unbuffered file may take it in parts)."""
    view = memoryview(data)
    while view:
        written = raw.write(view)
        if not written:
            raise OSError("the audit log took no bytes")
        view = view[written:]
