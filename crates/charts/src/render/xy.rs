//! Charts on two axes: grouped bars, curves with marks, labelled points.

use super::{GRID, MUTED, PALETTE, TEXT, drawing, font, palette_colours, px, series_colours};
use crate::ChartError;
use crate::series::{Bars, Lines, Scatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

// Positions from `chart.backend_coord` are the backend's, so text placed by them is drawn on
// the root area, not on the shifted area below the title.

/// Draws the title (and subtitle) and returns the area below them.
fn headed<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    subtitle: Option<&str>,
    scale: f64,
) -> Result<DrawingArea<DB, Shift>, ChartError> {
    root.draw(&Text::new(
        title.to_owned(),
        (px(16.0, scale), px(12.0, scale)),
        font(20.0, scale),
    ))
    .map_err(drawing)?;
    let mut top = 44.0;
    if let Some(subtitle) = subtitle {
        root.draw(&Text::new(
            subtitle.to_owned(),
            (px(16.0, scale), px(40.0, scale)),
            font(13.0, scale).color(&MUTED),
        ))
        .map_err(drawing)?;
        top += 20.0;
    }
    Ok(root.split_vertically(px(top, scale)).1)
}

/// A row of colour swatches with names, wrapping at the area's width; returns its height.
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    names: &[&str],
    colours: &[RGBColor],
    scale: f64,
) -> Result<i32, ChartError> {
    let width = i32::try_from(area.dim_in_pixel().0).unwrap_or(0);
    let (mut x, mut y) = (px(16.0, scale), px(4.0, scale));
    for (i, name) in names.iter().enumerate() {
        // About 7 px a character at 13 px.
        let wide = px(34.0 + 7.2 * name.chars().count() as f64, scale);
        if x + wide > width && x > px(16.0, scale) {
            x = px(16.0, scale);
            y += px(22.0, scale);
        }
        area.draw(&Rectangle::new(
            [
                (x, y + px(3.0, scale)),
                (x + px(14.0, scale), y + px(15.0, scale)),
            ],
            colours[i % colours.len().max(1)].filled(),
        ))
        .map_err(drawing)?;
        area.draw(&Text::new(
            (*name).to_owned(),
            (x + px(20.0, scale), y + px(2.0, scale)),
            font(13.0, scale),
        ))
        .map_err(drawing)?;
        x += wide;
    }
    Ok(y + px(26.0, scale))
}

fn stroke(scale: f64, width: f64) -> u32 {
    u32::try_from(px(width, scale)).unwrap_or(1).max(1)
}

/// Width of a category name's character at the labels' size, in pixels (an estimate that errs
/// a little wide: plotters draws the 13-pixel labels at about 10.5).
const CHARACTER: f64 = 6.0;

/// Characters of a category's name shown in rows; a longer name ends in "…".
const NAME: usize = 40;

/// Whether the categories' names would not fit side by side under the plot: the chart is then
/// drawn in rows, each category's name on the left and its bars running right.
pub(crate) fn in_rows(b: &Bars) -> bool {
    let longest = b
        .categories
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(0);
    // Less the value axis's labels and the margins.
    let width = f64::from(super::bars_width(b)) - 100.0;
    b.categories.len() as f64 * (longest as f64 * CHARACTER + 10.0) > width
}

/// The height of one category's row of bars, in pixels.
pub(crate) fn row_height(b: &Bars) -> u32 {
    12 * u32::try_from(b.series.len().max(1)).unwrap_or(8) + 10
}

pub(crate) fn bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    b: &Bars,
    scale: f64,
) -> Result<(), ChartError> {
    if in_rows(b) {
        return bar_rows(root, b, scale);
    }
    let body = headed(root, &b.title, b.subtitle.as_deref(), scale)?;
    let names: Vec<&str> = b.series.iter().map(|s| s.name.as_str()).collect();
    let colours = series_colours(&b.series);
    let used = legend(&body, &names, &colours, scale)?;
    let body = body.split_vertically(used).1;
    let groups = b.categories.len() as f64;
    let top = b.top.unwrap_or(1.0);
    let mut chart = ChartBuilder::on(&body)
        .margin(px(16.0, scale))
        .x_label_area_size(px(52.0, scale))
        .y_label_area_size(px(64.0, scale))
        .build_cartesian_2d(0.0f64..groups, 0.0f64..top)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_labels(6)
        .y_max_light_lines(1)
        .bold_line_style(GRID)
        .y_label_formatter(&|y| share_label(*y, top))
        .y_desc(b.axis.clone())
        .label_style(font(12.0, scale))
        .axis_desc_style(font(13.0, scale))
        .draw()
        .map_err(drawing)?;
    let per = 0.8 / b.series.len() as f64;
    for (s, series) in b.series.iter().enumerate() {
        let colour = colours[s];
        for (g, value) in series.values.iter().enumerate() {
            let left = g as f64 + 0.1 + per * s as f64;
            if let Some(v) = value {
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(left + per * 0.08, 0.0), (left + per * 0.92, *v)],
                        colour.filled(),
                    )))
                    .map_err(drawing)?;
            } else {
                // Too few questions: said so rather than drawn as zero.
                let at = chart.backend_coord(&(left + per / 2.0, 0.0));
                root.draw(&Text::new(
                    "–".to_owned(),
                    (at.0, at.1 - px(8.0, scale)),
                    font(12.0, scale)
                        .color(&MUTED)
                        .pos(Pos::new(HPos::Center, VPos::Center)),
                ))
                .map_err(drawing)?;
            }
        }
    }
    for (g, name) in b.categories.iter().enumerate() {
        let at = chart.backend_coord(&(g as f64 + 0.5, 0.0));
        root.draw(&Text::new(
            name.clone(),
            (at.0, at.1 + px(8.0, scale)),
            font(13.0, scale).pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(drawing)?;
        root.draw(&Text::new(
            format!("{} questions", b.items.get(g).copied().unwrap_or(0)),
            (at.0, at.1 + px(26.0, scale)),
            font(11.0, scale)
                .color(&MUTED)
                .pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}

/// [`bars`] in rows: a category's name on the left (with its question count when they differ),
/// its series' bars running right against the value axis below.
fn bar_rows<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    b: &Bars,
    scale: f64,
) -> Result<(), ChartError> {
    let body = headed(root, &b.title, b.subtitle.as_deref(), scale)?;
    let names: Vec<&str> = b.series.iter().map(|s| s.name.as_str()).collect();
    let colours = series_colours(&b.series);
    let used = legend(&body, &names, &colours, scale)?;
    let body = body.split_vertically(used).1;
    let differ = b.items.windows(2).any(|w| w[0] != w[1]);
    let labels: Vec<String> = b
        .categories
        .iter()
        .enumerate()
        .map(|(g, c)| {
            let name = if c.chars().count() > NAME {
                format!("{}…", c.chars().take(NAME - 1).collect::<String>())
            } else {
                c.clone()
            };
            if differ {
                format!("{name} ({})", b.items.get(g).copied().unwrap_or(0))
            } else {
                name
            }
        })
        .collect();
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let groups = b.categories.len() as f64;
    let top = b.top.unwrap_or(1.0);
    let mut chart = ChartBuilder::on(&body)
        .margin(px(16.0, scale))
        .x_label_area_size(px(44.0, scale))
        .y_label_area_size(px(longest as f64 * CHARACTER + 16.0, scale))
        .build_cartesian_2d(0.0f64..top, groups..0.0f64)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(6)
        .x_max_light_lines(1)
        .bold_line_style(GRID)
        .x_label_formatter(&|x| share_label(*x, top))
        .x_desc(b.axis.clone())
        .label_style(font(12.0, scale))
        .axis_desc_style(font(13.0, scale))
        .draw()
        .map_err(drawing)?;
    let per = 0.8 / b.series.len().max(1) as f64;
    for (s, series) in b.series.iter().enumerate() {
        let colour = colours[s];
        for (g, value) in series.values.iter().enumerate() {
            let upper = g as f64 + 0.1 + per * s as f64;
            if let Some(v) = value {
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(0.0, upper + per * 0.08), (*v, upper + per * 0.92)],
                        colour.filled(),
                    )))
                    .map_err(drawing)?;
            } else {
                let at = chart.backend_coord(&(0.0, upper + per / 2.0));
                root.draw(&Text::new(
                    "–".to_owned(),
                    (at.0 + px(8.0, scale), at.1),
                    font(12.0, scale)
                        .color(&MUTED)
                        .pos(Pos::new(HPos::Center, VPos::Center)),
                ))
                .map_err(drawing)?;
            }
        }
    }
    for (g, label) in labels.into_iter().enumerate() {
        let at = chart.backend_coord(&(0.0, g as f64 + 0.5));
        root.draw(&Text::new(
            label,
            (at.0 - px(8.0, scale), at.1),
            font(13.0, scale).pos(Pos::new(HPos::Right, VPos::Center)),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}

/// A share on a bar chart's value axis: a decimal when the axis runs below 10%.
fn share_label(value: f64, top: f64) -> String {
    if top < 0.1 {
        format!("{:.1}%", value * 100.0)
    } else {
        format!("{:.0}%", value * 100.0)
    }
}

/// A range that has room: degenerate ranges are widened, others padded by 5% either side.
fn padded(low: f64, high: f64) -> (f64, f64) {
    if high - low < 1e-9 {
        (low - 1.0, high + 1.0)
    } else {
        let pad = (high - low) * 0.05;
        (low - pad, high + pad)
    }
}

pub(crate) fn lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    l: &Lines,
    scale: f64,
) -> Result<(), ChartError> {
    let body = headed(root, &l.title, l.subtitle.as_deref(), scale)?;
    let names: Vec<&str> = l.lines.iter().map(|s| s.name.as_str()).collect();
    let used = legend(&body, &names, &palette_colours(names.len()), scale)?;
    let body = body.split_vertically(used).1;
    let x0 = l.x[0];
    let x1 = l.x[l.x.len() - 1];
    let top = if l.y_share {
        1.0
    } else {
        l.lines
            .iter()
            .flat_map(|c| c.y.iter().copied())
            .fold(0.0f64, f64::max)
            .max(1e-9)
            * 1.08
    };
    let y_share = l.y_share;
    let mut chart = ChartBuilder::on(&body)
        .margin(px(16.0, scale))
        .x_label_area_size(px(46.0, scale))
        .y_label_area_size(px(64.0, scale))
        .build_cartesian_2d(x0..x1, 0.0f64..top)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .x_labels(9)
        .y_labels(6)
        .x_max_light_lines(1)
        .y_max_light_lines(1)
        .bold_line_style(GRID)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| {
            if y_share {
                format!("{:.0}%", y * 100.0)
            } else {
                format!("{y:.2}")
            }
        })
        .x_desc(l.x_axis.clone())
        .y_desc(l.y_axis.clone())
        .label_style(font(12.0, scale))
        .axis_desc_style(font(13.0, scale))
        .draw()
        .map_err(drawing)?;
    // Marks first, under the curves: a thin line and the name, staggered so neighbours can
    // both be read.
    let mut marks: Vec<_> = l.marks.iter().collect();
    marks.sort_by(|a, b| a.x.total_cmp(&b.x));
    for (i, mark) in marks.iter().enumerate() {
        let x = mark.x.clamp(x0, x1);
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x, 0.0), (x, top)],
                ShapeStyle::from(&MUTED.mix(0.45)).stroke_width(1),
            )))
            .map_err(drawing)?;
        let row = (i % 5) as f64;
        let at = chart.backend_coord(&(x, top));
        let anchor = if x > x0 + (x1 - x0) * 0.8 {
            HPos::Right
        } else {
            HPos::Left
        };
        root.draw(&Text::new(
            mark.label.clone(),
            (at.0 + px(3.0, scale), at.1 + px(4.0 + 15.0 * row, scale)),
            font(11.0, scale)
                .color(&MUTED)
                .pos(Pos::new(anchor, VPos::Top)),
        ))
        .map_err(drawing)?;
    }
    for (c, curve) in l.lines.iter().enumerate() {
        let colour = PALETTE[c % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(
                l.x.iter().copied().zip(curve.y.iter().copied()),
                ShapeStyle::from(&colour).stroke_width(stroke(scale, 2.0)),
            ))
            .map_err(drawing)?;
    }
    Ok(())
}

pub(crate) fn scatter<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    s: &Scatter,
    scale: f64,
) -> Result<(), ChartError> {
    let body = headed(root, &s.title, s.subtitle.as_deref(), scale)?;
    let (x0, x1) = padded(
        s.points.iter().map(|p| p.x).fold(f64::INFINITY, f64::min),
        s.points
            .iter()
            .map(|p| p.x)
            .fold(f64::NEG_INFINITY, f64::max),
    );
    let (y0, y1) = padded(
        s.points.iter().map(|p| p.y).fold(f64::INFINITY, f64::min),
        s.points
            .iter()
            .map(|p| p.y)
            .fold(f64::NEG_INFINITY, f64::max),
    );
    let mut chart = ChartBuilder::on(&body)
        .margin(px(20.0, scale))
        .x_label_area_size(px(46.0, scale))
        .y_label_area_size(px(64.0, scale))
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .x_labels(7)
        .y_labels(7)
        .x_max_light_lines(1)
        .y_max_light_lines(1)
        .bold_line_style(GRID)
        .x_label_formatter(&|x| format!("{x:.2}"))
        .y_label_formatter(&|y| format!("{y:.2}"))
        .x_desc(s.x_axis.clone())
        .y_desc(s.y_axis.clone())
        .label_style(font(12.0, scale))
        .axis_desc_style(font(13.0, scale))
        .draw()
        .map_err(drawing)?;
    for p in &s.points {
        chart
            .draw_series(std::iter::once(Circle::new(
                (p.x, p.y),
                px(5.0, scale),
                PALETTE[0].filled(),
            )))
            .map_err(drawing)?;
        let at = chart.backend_coord(&(p.x, p.y));
        let left = p.x > x0 + (x1 - x0) * 0.75;
        root.draw(&Text::new(
            p.label.clone(),
            (
                at.0 + if left {
                    -px(8.0, scale)
                } else {
                    px(8.0, scale)
                },
                at.1,
            ),
            font(12.0, scale).color(&TEXT).pos(Pos::new(
                if left { HPos::Right } else { HPos::Left },
                VPos::Center,
            )),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}
