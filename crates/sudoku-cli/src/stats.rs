//! `sudoku stats`: the statistics of the games won in either game (kept
//! by the core beside the saves), and counting a win when the text game
//! ends in one.

use std::path::Path;
use std::process::ExitCode;
use std::time::SystemTime;

use clap::{Args, ValueEnum};
use sudoku_core::session::{Date, Session, Stats, StatsError, StatsFile, Win};
use sudoku_core::{grade, Level};

use crate::diag;
use crate::play::short_path;

/// Arguments of `sudoku stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The day the daily streak is counted on, YYYY-MM-DD [default: today,
    /// in UTC].
    #[arg(long, value_name = "YYYY-MM-DD")]
    date: Option<String>,
    /// How to print them: a table, or CSV (a row per level, times in
    /// seconds, then the streak).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Table)]
    format: Format,
}

/// The choices of `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A table for people.
    Table,
    /// Comma-separated values.
    Csv,
}

/// Runs `sudoku stats`.
pub fn run(args: StatsArgs) -> ExitCode {
    let today = match args.date.as_deref().map(str::parse::<Date>) {
        None => Date::of_time(SystemTime::now()),
        Some(Ok(date)) => date,
        Some(Err(e)) => {
            diag::error(&format!("--date: {e}"));
            return ExitCode::from(2);
        }
    };
    let Some(dir) = crate::play::store_dir() else {
        diag::error(crate::play::NO_DATA_DIR);
        return ExitCode::from(1);
    };
    let file = StatsFile::new(&dir);
    let stats = match file.load() {
        Ok(stats) => stats,
        Err(err) => {
            diag::error(&format!(
                "{}; the next game won sets it aside and counts afresh",
                message(&err, file.path())
            ));
            return ExitCode::from(1);
        }
    };
    let text = match args.format {
        Format::Table => {
            let mut text = format!(
                "Statistics of the games won ({}):\n",
                short_path(file.path())
            );
            for line in stats.table(today) {
                text.push_str(&line);
                text.push('\n');
            }
            text
        }
        Format::Csv => csv(&stats, today),
    };
    crate::output::print(text.as_bytes())
}

/// `level,won,best_seconds,average_seconds,hints`, a row per level and
/// `other` (times blank before the first win), then
/// `daily_streak,CURRENT,BEST`.
fn csv(stats: &Stats, today: Date) -> String {
    let secs = |t: Option<std::time::Duration>| {
        t.map_or_else(String::new, |t| format!("{:.3}", t.as_secs_f64()))
    };
    let mut text = "level,won,best_seconds,average_seconds,hints\n".to_string();
    let levels = Level::ALL.into_iter().map(Some).chain([None]);
    for level in levels {
        let s = stats.level(level);
        text.push_str(&format!(
            "{},{},{},{},{}\n",
            level.map_or("other", Level::name),
            s.won,
            secs(s.best),
            secs(s.average()),
            s.hints
        ));
    }
    let streak = stats.streak(today);
    text.push_str(&format!(
        "daily_streak,{},{}\n",
        streak.current, streak.best
    ));
    text
}

/// The error's message with the file's path in its short form.
fn message(err: &StatsError, path: &Path) -> String {
    err.to_string()
        .replacen(&path.display().to_string(), &short_path(path), 1)
}

/// Counts the won `session` in the statistics of the store in `dir` (no
/// store: nothing), grading its puzzle first when its level is not known.
/// Returns what to tell the player: a new best time, a statistics file
/// set aside, or why the win was not counted.
pub fn record_win(dir: Option<&Path>, session: &mut Session) -> Vec<String> {
    let Some(dir) = dir else {
        return Vec::new();
    };
    if session.level().is_none() {
        session.set_level(grade(session.game().puzzle()).ok().map(|g| g.level));
    }
    let file = StatsFile::new(dir);
    match file.record(&Win::of(session)) {
        Ok(counted) => {
            let mut lines = Vec::new();
            if let Some((why, aside)) = &counted.set_aside {
                lines.push(format!(
                    "{}; kept as {}, statistics counted afresh",
                    message(why, file.path()),
                    short_path(aside)
                ));
            }
            lines.extend(counted.recorded.new_best_line());
            lines
        }
        Err(err) => vec![format!(
            "{}; this win is not counted",
            message(&err, file.path())
        )],
    }
}
