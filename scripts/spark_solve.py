#!/usr/bin/env python3
"""Solve or grade puzzle files on Apache Spark: one result per puzzle, in input order.

Reads one-puzzle-per-line files from any Hadoop-compatible path (local
files, hdfs://, s3a://, ...), pipes each partition through the sudoku binary
(`sudoku solve --threads 1`, or `grade`) shipped to the executors with
SparkContext.addFile, and writes the results with saveAsTextFile: line i of
the output (its part files read in name order) is the answer to puzzle i.
See docs/scale.md.

    python3 scripts/spark_solve.py --master 'local[2]' puzzles.txt out
    spark-submit scripts/spark_solve.py hdfs:///sudoku/in/*.txt hdfs:///sudoku/out -- --count
"""

import argparse
import collections
import itertools
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

#: Extra arguments that would break "one line out per puzzle in": a header
#: line, multi-line output, a file every task writes, or threads that the
#: executors already provide.
REFUSED = {
    "-o": "every task would write the same file; the results go to OUTPUT",
    "--output": "every task would write the same file; the results go to OUTPUT",
    "--threads": "each task runs one thread; use --partitions and executor cores",
    "--format": "only the one-line format keeps one output line per puzzle",
}


def parse_args(argv):
    """The script's options, and the extra arguments for sudoku (after `--`)."""
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1 :]
    else:
        extra = []
    parser = argparse.ArgumentParser(
        prog="spark_solve.py",
        description="Solve or grade one-puzzle-per-line files on Spark; "
        "the output has one result per puzzle, in input order.",
        epilog="Arguments after -- go to sudoku (e.g. -- --count --limit 3). "
        "Lines that are blank or start with # are skipped, as sudoku skips them.",
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="puzzle files, directories or globs: any Hadoop path")
    parser.add_argument("output", metavar="OUTPUT",
                        help="output directory (must not exist): part files in order")
    parser.add_argument("--command", choices=["solve", "grade"], default="solve",
                        help="the sudoku subcommand (default: solve)")
    parser.add_argument("--partitions", type=positive, metavar="N",
                        help="at least this many input partitions, one sudoku "
                        "process each (default: Spark's)")
    parser.add_argument("--single-file", action="store_true",
                        help="write one part file (part-00000) instead of one "
                        "per partition")
    parser.add_argument("--binary", type=Path, metavar="PATH",
                        help="the sudoku binary to ship to the executors "
                        "(default: sudoku on the PATH, else target/release/sudoku)")
    parser.add_argument("--master", metavar="URL",
                        help="Spark master (default: spark-submit's, else local[*])")
    parser.add_argument("--driver-memory", default="512m", metavar="SIZE",
                        help="driver memory in local mode (default: 512m)")
    parser.add_argument("--log-level", default="WARN",
                        choices=["ERROR", "WARN", "INFO", "DEBUG"],
                        help="Spark's log level (default: WARN)")
    args = parser.parse_args(argv)
    for i, arg in enumerate(extra):
        name, _, value = arg.partition("=")
        if name == "--format":
            value = value or (extra[i + 1] if i + 1 < len(extra) else "")
            if value == "line":
                continue
        if name in REFUSED:
            parser.error(f"-- {arg}: {REFUSED[name]}")
    args.extra = extra
    args.binary = find_binary(parser, args.binary)
    return args


def positive(text):
    """A whole number from 1, for argparse."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1, found {text!r}")
    return int(text)


def find_binary(parser, given):
    """The sudoku binary: the one given, else on the PATH, else this repository's."""
    if given is None:
        on_path = shutil.which("sudoku")
        here = Path(__file__).resolve().parent.parent / "target" / "release" / "sudoku"
        given = Path(on_path) if on_path else here
        if not given.exists():
            parser.error("no sudoku binary: put it on the PATH, pass --binary, "
                         "or run cargo build --release -p sudoku-cli")
    if not (given.is_file() and os.access(given, os.X_OK)):
        parser.error(f"--binary: {given} is not an executable file")
    return given.resolve()


def is_puzzle(line):
    """Whether sudoku reads an answer for this line: not blank, not a comment."""
    text = line.strip()
    return bool(text) and not text.startswith("#")


def pipe_partition(binary_name, argv, split, rows):
    """What RDD.pipe does to one partition, with the binary found on the
    executor and the line-count invariant checked.

    `rows` are the partition's (puzzle, index) pairs, with consecutive
    indexes. Starts the binary that SparkFiles.get finds here (the command
    of RDD.pipe is fixed on the driver, where the shipped file's executor
    path is not known), writes the puzzles to its stdin from a thread, and
    yields (index, answer line). Fails the task when the number of lines
    out differs from the number in, or when sudoku exits with 2 or more
    (1 only means some puzzle was invalid: its line says `invalid`).
    """
    from pyspark import SparkFiles

    rows = iter(rows)
    first = next(rows, None)
    if first is None:
        return
    start = first[1]
    proc = subprocess.Popen(
        [SparkFiles.get(binary_name), *argv],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    sent = [0]
    errors = collections.deque(maxlen=5)

    def feed():
        try:
            for line, _ in itertools.chain([first], rows):
                proc.stdin.write(line.encode("utf-8") + b"\n")
                sent[0] += 1
        except BrokenPipeError:
            pass  # the process is gone; its exit status says why
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

    def drain():
        # sudoku names the line of its stdin: line n is puzzle start + n.
        for raw in proc.stderr:
            text = re.sub(r"^<stdin>:(\d+):",
                          lambda m: f"puzzle {start + int(m.group(1))}:",
                          raw.decode("utf-8", "replace").rstrip("\n"))
            errors.append(text)
            print(text, file=sys.stderr)

    threads = [threading.Thread(target=feed, daemon=True),
               threading.Thread(target=drain, daemon=True)]
    for thread in threads:
        thread.start()
    received = 0
    for raw in proc.stdout:
        yield start + received, raw.decode("utf-8").rstrip("\n")
        received += 1
    status = proc.wait()
    for thread in threads:
        thread.join()
    if status >= 2 or status < 0:
        raise RuntimeError(
            f"partition {split}: sudoku {' '.join(argv)} exited with status {status}: "
            + (errors[-1] if errors else "no message"))
    if received != sent[0]:
        raise RuntimeError(
            f"partition {split}: {sent[0]} puzzles in but {received} lines out; "
            "the input must hold one puzzle per line (no 9-line grids, no [section] lines)")


def start_spark(args):
    """A SparkContext: the master asked for, quiet; in local mode, bound to
    loopback only, without the web UI, with small driver memory."""
    from pyspark import SparkConf, SparkContext

    conf = SparkConf().setAppName(f"sudoku {args.command}")
    if args.master:
        conf.setMaster(args.master)
    elif not conf.contains("spark.master"):
        conf.setMaster("local[*]")
    if conf.get("spark.master").startswith("local"):
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        conf.set("spark.driver.host", "127.0.0.1")
        conf.set("spark.driver.bindAddress", "127.0.0.1")
        conf.set("spark.ui.enabled", "false")
        conf.set("spark.ui.showConsoleProgress", "false")
        conf.set("spark.driver.memory", args.driver_memory)
    conf.set("spark.log.level", args.log_level)
    sc = SparkContext(conf=conf)
    sc.setLogLevel(args.log_level)
    return sc


def run(sc, args):
    """Reads, pipes, orders and writes; the number of puzzles."""
    from pyspark import StorageLevel

    sc.addFile(str(args.binary))
    binary_name = args.binary.name
    argv = [args.command, "--threads", "1", *args.extra]

    lines = sc.textFile(",".join(args.inputs), minPartitions=args.partitions)
    puzzles = lines.filter(is_puzzle).persist(StorageLevel.MEMORY_AND_DISK)
    total = puzzles.count()
    answers = puzzles.zipWithIndex().mapPartitionsWithIndex(
        lambda split, rows: pipe_partition(binary_name, argv, split, rows))
    parts = 1 if args.single_file else max(1, puzzles.getNumPartitions())
    # Index i goes to part i * parts // total: each part a run of
    # consecutive indexes, the parts in index order, sorted inside.
    per = max(total, 1)
    ordered = answers.repartitionAndSortWithinPartitions(
        numPartitions=parts, partitionFunc=lambda index: index * parts // per)
    ordered.values().saveAsTextFile(args.output)
    puzzles.unpersist()
    return total


def main(argv):
    args = parse_args(argv)
    try:
        import pyspark  # noqa: F401
    except ImportError:
        print("spark_solve.py: pyspark is not installed (pip install pyspark)", file=sys.stderr)
        return 2
    begun = time.monotonic()
    sc = start_spark(args)
    started = time.monotonic()
    try:
        total = run(sc, args)
    except Exception as e:  # a failed job: say it on one line, not a JVM trace
        why = str(e).strip().splitlines()
        cause = next((line for line in reversed(why) if line.startswith("RuntimeError: partition")),
                     None) or next((line.lstrip(": \t") for line in why
                                    if re.match(r"[\s:]*[\w.$]+(Exception|Error): ", line)),
                                   why[0] if why else type(e).__name__)
        print(f"spark_solve.py: the job failed: {cause}", file=sys.stderr)
        return 2
    finally:
        sc.stop()
    took = time.monotonic() - started
    print(f"spark_solve.py: {total} puzzles in {took:.1f} s ({total / took:.0f}/s; "
          f"{started - begun:.1f} s more to start Spark) -> {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
