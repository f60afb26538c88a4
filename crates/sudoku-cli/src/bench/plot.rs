//! The bench as a picture: an SVG bar chart of puzzles per second on a log
//! scale, one group of bars per set, one colour per solver, labelled.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::report::Row;

/// Height of the chart in pixels.
const HEIGHT: u32 = 480;
/// Width given to each set's group of bars, in pixels.
const PER_SET: u32 = 150;
/// Share of a group's width that its bars take.
const FILL: f64 = 0.8;

/// The SVG text of the chart of `rows` (solvers grouped by set, in the
/// order of the rows), titled with `title`. The legend says how each
/// solver was timed and marks one that gave wrong answers. Rows without a
/// speed (a solver that failed before its first timed run) have no bar.
pub fn svg(rows: &[Row], title: &str) -> Result<String, String> {
    let sets = distinct(rows.iter().map(|r| r.set.as_str()));
    let solvers = distinct(rows.iter().map(|r| r.solver.as_str()));
    let speeds: Vec<f64> = rows.iter().filter_map(Row::puzzles_per_s).collect();
    let (lo, hi) = bounds(&speeds);
    let width = (PER_SET * sets.len() as u32 + 160).max(640);
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (width, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(84)
            .build_cartesian_2d(0f64..sets.len() as f64, (lo..hi).log_scale())
            .map_err(drawing)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_desc("puzzles per second (log scale)")
            .y_label_formatter(&|y| short(*y))
            .draw()
            .map_err(drawing)?;
        let bar = FILL / solvers.len() as f64;
        for (k, solver) in solvers.iter().enumerate() {
            let colour = Palette99::pick(k).to_rgba();
            let bars = rows.iter().filter(|r| r.solver == *solver).filter_map(|r| {
                let speed = r.puzzles_per_s()?;
                let set = sets.iter().position(|s| *s == r.set)? as f64;
                let x0 = set + (1.0 - FILL) / 2.0 + bar * k as f64;
                Some(Rectangle::new(
                    [(x0, lo), (x0 + bar, speed)],
                    colour.filled(),
                ))
            });
            let mut own = rows.iter().filter(|r| r.solver == *solver);
            let timing = own.clone().next().map_or("", Row::timing);
            let label = if own.any(|r| r.wrong > 0) {
                format!("{solver} ({timing}; wrong answers!)")
            } else {
                format!("{solver} ({timing})")
            };
            chart
                .draw_series(bars)
                .map_err(drawing)?
                .label(label)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled())
                });
            let values = rows.iter().filter(|r| r.solver == *solver).filter_map(|r| {
                let speed = r.puzzles_per_s()?;
                let set = sets.iter().position(|s| *s == r.set)? as f64;
                let x = set + (1.0 - FILL) / 2.0 + bar * (k as f64 + 0.5);
                let style = ("sans-serif", 11)
                    .into_font()
                    .color(&BLACK)
                    .pos(Pos::new(HPos::Center, VPos::Bottom));
                Some(Text::new(short(speed), (x, speed * 1.05), style))
            });
            chart.draw_series(values).map_err(drawing)?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(drawing)?;
        // The set names under their groups, in the label area.
        let style = ("sans-serif", 13)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Top));
        for (i, set) in sets.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(i as f64 + 0.5, lo));
            root.draw(&Text::new(set.to_string(), (x, y + 8), style.clone()))
                .map_err(drawing)?;
        }
        root.present().map_err(drawing)?;
    }
    Ok(text)
}

/// The distinct values of `items`, in their first order.
fn distinct<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for item in items {
        if !seen.contains(&item) {
            seen.push(item);
        }
    }
    seen
}

/// The y range: whole powers of ten around the speeds, with room above the
/// tallest bar for its label and the legend.
fn bounds(speeds: &[f64]) -> (f64, f64) {
    let min = speeds.iter().copied().fold(f64::INFINITY, f64::min);
    let max = speeds.iter().copied().fold(0.0, f64::max);
    if !min.is_finite() || min <= 0.0 {
        return (1.0, 10.0);
    }
    let lo = 10f64.powf(min.log10().floor() - 1.0).max(1e-3);
    let hi = 10f64.powf((max * 4.0).log10().ceil());
    (lo, hi)
}

/// A speed in few characters: `950`, `12k`, `3.4M`.
fn short(x: f64) -> String {
    let (value, unit) = match x {
        x if x >= 1e6 => (x / 1e6, "M"),
        x if x >= 1e3 => (x / 1e3, "k"),
        x => (x, ""),
    };
    let whole = (value - value.round()).abs() < 0.05;
    if value >= 10.0 || whole || unit.is_empty() && value >= 1.0 {
        format!("{value:.0}{unit}")
    } else {
        format!("{value:.1}{unit}")
    }
}

/// A drawing error as a message.
fn drawing(e: impl std::fmt::Display) -> String {
    format!("cannot draw the chart: {e}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_in_few_characters() {
        assert_eq!(short(950.0), "950");
        assert_eq!(short(0.5), "0.5");
        assert_eq!(short(1_234.0), "1.2k");
        assert_eq!(short(12_345.0), "12k");
        assert_eq!(short(3_400_000.0), "3.4M");
        assert_eq!(short(1_000_000.0), "1M");
        assert_eq!(short(1_000.0), "1k");
    }

    #[test]
    fn the_scale_spans_whole_powers_of_ten() {
        assert_eq!(bounds(&[]), (1.0, 10.0));
        let (lo, hi) = bounds(&[2_000.0, 300_000.0]);
        assert!((lo - 100.0).abs() < 1e-6, "{lo}");
        assert!((hi - 10_000_000.0).abs() < 1e-3, "{hi}");
    }
}
