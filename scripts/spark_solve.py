#!/usr/bin/env python3
"""Solve or grade puzzle files on Apache Spark: one result per puzzle, in input order;
or search for puzzles, one search per task, merged by canonical form.

Reads one-puzzle-per-line files from any Hadoop-compatible path (local
files, hdfs://, s3a://, ...), pipes each partition through the sudoku binary
(`sudoku solve --threads 1`, or `grade`) shipped to the executors with
SparkContext.addFile, and writes the results with saveAsTextFile: line i of
the output (its part files read in name order) is the answer to puzzle i.
Exit status: 0, 1 when some puzzle was invalid (its line says so), 2 when the
job failed; SIGINT and SIGTERM end the run and all it started, and then it.

With --command search, each task runs one `sudoku generate puzzles N --seed
S+i --threads 1 --dedupe` search (ARGS after --: --rating, --needs,
--time-limit, ...), from its part of the INPUT puzzles when INPUTs are given;
of what the tasks find, one puzzle of each canonical form (`sudoku canon`)
is written, as found, sorted by form. Status 1 when fewer than --puzzles
distinct puzzles were found. See docs/scale.md.

    python3 scripts/spark_solve.py --master 'local[2]' puzzles.txt out
    spark-submit scripts/spark_solve.py hdfs:///sudoku/in/*.txt hdfs:///sudoku/out -- --count
    python3 scripts/spark_solve.py --command search --puzzles 20 out -- --rating 9.0.. --time-limit 5m
"""

import argparse
import collections
import itertools
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

#: The environment variable that marks every process this run starts: Spark's
#: JVM, its Python workers and their sudoku processes all inherit it, so a
#: signal can end them all however they were started (local mode).
MARK = "SPARK_SOLVE_RUN"

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
        "the output has one result per puzzle, in input order. With --command "
        "search, run one puzzle search per task (sudoku generate puzzles ARGS "
        "after --) and write one puzzle of each canonical form found.",
        epilog="Arguments after -- go to sudoku (e.g. -- --count --limit 3). "
        "Lines that are blank or start with # are skipped, as sudoku skips them.",
    )
    parser.add_argument("inputs", nargs="*", metavar="INPUT",
                        help="puzzle files, directories or globs: any Hadoop path "
                        "(for search: the seed puzzles, optional)")
    parser.add_argument("output", metavar="OUTPUT",
                        help="output directory (must not exist): part files in order")
    parser.add_argument("--command", choices=["solve", "grade", "search"], default="solve",
                        help="the sudoku subcommand, or search: `generate puzzles` "
                        "searches, one per task (default: solve)")
    parser.add_argument("--partitions", type=positive, metavar="N",
                        help="at least this many input partitions, one sudoku "
                        "process each (default: Spark's); for search, the "
                        "number of tasks (default: Spark's parallelism)")
    parser.add_argument("--puzzles", type=positive, metavar="COUNT",
                        help="search: how many distinct puzzles to find, shared "
                        "out among the tasks")
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
    if args.command == "search":
        args.extra, args.seed = search_args(parser, args, extra)
        args.binary = find_binary(parser, args.binary)
        return args
    if not args.inputs:
        parser.error("no INPUT given")
    if args.puzzles is not None:
        parser.error("--puzzles is for --command search")
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


def search_args(parser, args, extra):
    """The arguments for each search task's `sudoku generate puzzles`, and
    the run's seed (taken out of them: task i uses seed + i)."""
    if args.puzzles is None:
        parser.error("--command search needs --puzzles COUNT")
    rest, seed = [], None
    extra = iter(extra)
    for arg in extra:
        name, eq, value = arg.partition("=")
        if name == "--seed":
            seed = value if eq else next(extra, "")
            if not seed.isdigit() or len(seed) > 18:
                parser.error(f"-- --seed: expected a whole number below 10^18, found {seed!r}")
            seed = int(seed)
        elif name == "--from":
            parser.error("-- --from: give the seed puzzles as INPUT (any Hadoop path); "
                         "each task searches from its part of them")
        elif name in ("-o", "--output", "--threads", "--start", "--format", "--with-solution"):
            parser.error(f"-- {arg}: the tasks write one puzzle per line to OUTPUT, "
                         "one thread each, from a seed of their own")
        else:
            rest.append(arg)
    if "--dedupe" not in rest:
        rest.append("--dedupe")
    if seed is None:
        # 48 bits, so that seed + i stays below what sudoku reads.
        seed = int.from_bytes(os.urandom(6), "big")
        print(f"seed: {seed}", file=sys.stderr)
    return rest, seed


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


def write_lines(proc, lines):
    """Writes `lines` to `proc`'s stdin, one a line, then closes it; a process
    that went away ends the writing (its exit status says why)."""
    try:
        for line in lines:
            proc.stdin.write(line.encode("utf-8") + b"\n")
    except BrokenPipeError:
        pass
    finally:
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass


def pipe_partition(binary_name, argv, split, rows, invalid):
    """What RDD.pipe does to one partition, with the binary found on the
    executor and the line-count invariant checked.

    `rows` are the partition's (puzzle, index) pairs, with consecutive
    indexes. Starts the binary that SparkFiles.get finds here (the command
    of RDD.pipe is fixed on the driver, where the shipped file's executor
    path is not known), writes the puzzles to its stdin from a thread, and
    yields (index, answer line). Fails the task when the number of lines
    out differs from the number in, or when sudoku exits with 2 or more
    (1 only means some puzzle was invalid: its line says `invalid`, and the
    accumulator `invalid` counts the partition).
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

    def sent_lines():
        for line, _ in itertools.chain([first], rows):
            yield line
            sent[0] += 1

    def feed():
        write_lines(proc, sent_lines())

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
    if status == 1:
        invalid.add(1)
    if status >= 2 or status < 0:
        raise RuntimeError(
            f"partition {split}: sudoku {' '.join(argv)} exited with status {status}: "
            + (errors[-1] if errors else "no message"))
    if received != sent[0]:
        raise RuntimeError(
            f"partition {split}: {sent[0]} puzzles in but {received} lines out; "
            "the input must hold one puzzle per line (no 9-line grids, no [section] lines)")


def search_partition(binary_name, task, rows):
    """One search task: `sudoku generate puzzles N --seed S+i --threads 1`
    with the task's seed puzzles (its partition's rows, if any) on stdin as
    `--from -`, then what it found through `sudoku canon`; yields (form,
    puzzle) pairs. Status 1 only means the search found fewer than N
    (a --time-limit); 2 or more fails the task."""
    from pyspark import SparkFiles

    split, count, shard, seed, seeded, rest = task
    n = min(shard, count - split * shard)
    if n <= 0:
        return
    binary = SparkFiles.get(binary_name)
    argv = ["generate", "puzzles", str(n), "--seed", str(seed + split), "--threads", "1",
            *(["--from", "-"] if seeded else []), *rest]
    proc = subprocess.Popen([binary, *argv], stdin=subprocess.PIPE if seeded else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    errors = collections.deque(maxlen=5)

    def feed():
        write_lines(proc, rows)

    def drain():
        for raw in proc.stderr:
            text = f"task {split}: " + raw.decode("utf-8", "replace").rstrip("\n")
            errors.append(text)
            print(text, file=sys.stderr)

    threads = [threading.Thread(target=drain, daemon=True)]
    if seeded:
        threads.append(threading.Thread(target=feed, daemon=True))
    for thread in threads:
        thread.start()
    found = proc.stdout.read()
    status = proc.wait()
    for thread in threads:
        thread.join()
    if status >= 2 or status < 0:
        raise RuntimeError(
            f"task {split}: sudoku {' '.join(argv)} exited with status {status}: "
            + (errors[-1] if errors else "no message"))
    canon = subprocess.run([binary, "canon", "--threads", "1"], input=found,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if canon.returncode != 0:
        raise RuntimeError(f"task {split}: sudoku canon exited with status "
                           f"{canon.returncode}: {canon.stderr.decode('utf-8', 'replace').strip()}")
    puzzles = found.decode("utf-8").splitlines()
    forms = canon.stdout.decode("utf-8").splitlines()
    if len(forms) != len(puzzles):
        raise RuntimeError(f"task {split}: {len(puzzles)} puzzles found but {len(forms)} forms")
    yield from zip(forms, puzzles)


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
    """Reads, pipes, orders and writes; the number of puzzles, and the
    number of partitions with an invalid puzzle."""
    from pyspark import StorageLevel

    sc.addFile(str(args.binary))
    binary_name = args.binary.name
    argv = [args.command, "--threads", "1", *args.extra]

    lines = sc.textFile(",".join(args.inputs), minPartitions=args.partitions)
    puzzles = lines.filter(is_puzzle).persist(StorageLevel.MEMORY_AND_DISK)
    total = puzzles.count()
    invalid = sc.accumulator(0)
    answers = puzzles.zipWithIndex().mapPartitionsWithIndex(
        lambda split, rows: pipe_partition(binary_name, argv, split, rows, invalid))
    parts = 1 if args.single_file else max(1, puzzles.getNumPartitions())
    # Index i goes to part i * parts // total: each part a run of
    # consecutive indexes, the parts in index order, sorted inside.
    per = max(total, 1)
    ordered = answers.repartitionAndSortWithinPartitions(
        numPartitions=parts, partitionFunc=lambda index: index * parts // per)
    ordered.values().saveAsTextFile(args.output)
    puzzles.unpersist()
    return total, invalid.value


def run_search(sc, args):
    """Runs the searches, one per task, and writes one puzzle of each
    canonical form met, as found (`sudoku grade` can rate a puzzle's
    disguises differently, so its form could fall out of a --rating asked
    for), sorted by form; the number found by the tasks, the number distinct
    and the number of tasks."""
    from pyspark import StorageLevel

    sc.addFile(str(args.binary))
    binary_name = args.binary.name
    count = args.puzzles
    shards = min(args.partitions or sc.defaultParallelism, count)
    if args.inputs:
        seeds = sc.textFile(",".join(args.inputs)).filter(is_puzzle)
        seeds = seeds.persist(StorageLevel.MEMORY_AND_DISK)
        have = seeds.count()
        if have == 0:
            raise RuntimeError(f"no seed puzzles in {' '.join(args.inputs)}")
        # At least one seed puzzle per task.
        shards = min(shards, have)
    shard = -(-count // shards)
    shards = -(-count // shard)
    seeded = bool(args.inputs)
    if seeded:
        # Task i gets the seeds i * have // shards onwards: consecutive runs.
        tasks = (seeds.zipWithIndex()
                 .map(lambda pair: (pair[1] * shards // have, pair[0]))
                 .partitionBy(shards, lambda key: key)
                 .values())
    else:
        tasks = sc.parallelize(range(shards), shards)
    setting = (count, shard, args.seed, seeded, args.extra)
    # Persisted so that the searches run once, whatever the actions after.
    forms = tasks.mapPartitionsWithIndex(
        lambda split, rows: search_partition(binary_name, (split, *setting), rows))
    forms = forms.persist(StorageLevel.MEMORY_AND_DISK)
    found = forms.count()
    if seeded:
        seeds.unpersist()
    # The smallest puzzle of each form, so that the output does not hang on
    # which task came first.
    distinct = forms.reduceByKey(min, shards)
    total = distinct.count()
    parts = 1 if args.single_file else shards
    distinct.sortByKey(numPartitions=parts).values().saveAsTextFile(args.output)
    forms.unpersist()
    return found, total, shards


class Stopped(Exception):
    """SIGINT or SIGTERM came: the run ends, and all it started."""

    def __init__(self, signum):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


#: The signal that stopped the run, once one came. py4j turns an exception
#: raised inside its calls into its own errors, so the signal is kept here
#: too, and any error after it means "stopped".
STOPPED_BY = []


def on_signal(signum, _frame):
    STOPPED_BY.append(signum)
    raise Stopped(signum)


def stopped():
    """Stopped for the signal that came, if one did."""
    return Stopped(STOPPED_BY[0]) if STOPPED_BY else None


def watch_signals():
    """SIGINT and SIGTERM raise Stopped in the main thread, unless they were
    ignored when we started (a background job, nohup): those stay ignored.
    Called again once Spark is up, since SparkContext sets its own SIGINT
    handler."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, on_signal)


def marked(mark):
    """The processes (but this one) whose environment holds MARK=mark; none
    where /proc cannot tell."""
    wanted = f"{MARK}={mark}".encode()
    found = []
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as env:
                if wanted in env.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            continue
    return found


def end_all(mark, signum):
    """Passes `signum` on to every process this run started, then SIGTERM to
    those still there after 2 s (Spark's JVM ignores SIGINT; on SIGTERM it
    removes its temporary folders), then SIGKILL to those still there after
    5 s; the processes that were there."""
    started = marked(mark)
    steps = [(signum, 2.0), (signal.SIGTERM, 3.0), (signal.SIGKILL, 5.0)]
    if signum == signal.SIGTERM:
        steps = [(signum, 5.0), (signal.SIGKILL, 5.0)]
    for step, wait in steps:
        for pid in marked(mark):
            try:
                os.kill(pid, step)
            except OSError:
                pass
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            reap()
            if not marked(mark):
                return started
            time.sleep(0.1)
    return started


def reap():
    """Collects our own children that have ended (Spark's JVM)."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass
    except ChildProcessError:
        pass


def main(argv):
    args = parse_args(argv)
    try:
        import pyspark  # noqa: F401
    except ImportError:
        print("spark_solve.py: pyspark is not installed (pip install pyspark)", file=sys.stderr)
        return 2
    mark = f"{os.getpid()}.{time.time_ns()}"
    os.environ[MARK] = mark
    watch_signals()
    try:
        return solve(args)
    except Exception as e:
        stop = e if isinstance(e, Stopped) else stopped()
        if stop is None:
            raise
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, signal.SIG_IGN)
        ended = end_all(mark, stop.signum)
        print(f"spark_solve.py: {stop}: the job is stopped ({len(ended)} processes ended); "
              f"{args.output} may hold part of the output", file=sys.stderr)
        sys.stderr.flush()
        # End as the signal would have, so the caller sees 128 + its number.
        signal.signal(stop.signum, signal.SIG_DFL)
        os.kill(os.getpid(), stop.signum)
        return 128 + stop.signum


def solve(args):
    """Starts Spark, runs the job and stops Spark; the exit status: 0, 1
    when some puzzle was invalid (its line says so), 2 when the job failed.
    Stopped passes through without stopping Spark: the caller ends it."""
    begun = time.monotonic()
    try:
        sc = start_spark(args)
    except Exception:
        raise stopped() or sys.exc_info()[1]
    watch_signals()
    started = time.monotonic()
    try:
        if args.command == "search":
            found, total, shards = run_search(sc, args)
        else:
            total, invalid = run(sc, args)
    except Stopped:
        raise
    except Exception as e:  # a failed job: say it on one line, not a JVM trace
        if STOPPED_BY:
            raise stopped() from e
        why = str(e).strip().splitlines()
        cause = next((line for line in reversed(why)
                      if re.match(r"RuntimeError: (partition|task|no seed)", line)),
                     None) or next((line.lstrip(": \t") for line in why
                                    if re.match(r"[\s:]*[\w.$]+(Exception|Error): ", line)),
                                   why[0] if why else type(e).__name__)
        print(f"spark_solve.py: the job failed: {cause}", file=sys.stderr)
        sc.stop()
        return 2
    sc.stop()
    took = time.monotonic() - started
    if args.command == "search":
        print(f"spark_solve.py: {total} distinct puzzles of {args.puzzles} ({found} found by "
              f"{shards} tasks, {found - total} of them equivalent to another) in {took:.1f} s "
              f"({started - begun:.1f} s more to start Spark) -> {args.output}", file=sys.stderr)
        if total < args.puzzles:
            print(f"spark_solve.py: fewer than {args.puzzles} puzzles found", file=sys.stderr)
            return 1
        return 0
    print(f"spark_solve.py: {total} puzzles in {took:.1f} s ({total / took:.0f}/s; "
          f"{started - begun:.1f} s more to start Spark) -> {args.output}", file=sys.stderr)
    if invalid:
        print("spark_solve.py: some puzzles are invalid: their lines say so, and the "
              "messages above say why", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
