//! How the room joins, over the classroom screen (`present --room`, toggled with `j`): the
//! address to open, the join code in large letters and a QR code of the address with the code.
//!
//! ```text
//! ┌ Join from your phone or laptop ─────────────┐
//! │ Open  http://192.168.1.20:40123/?code=K7QX2M │
//! │ Code  K7QX2M                                 │
//! │                                              │
//! │   ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀            │
//! │   █ the QR code, black on white  █            │
//! │   ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀            │
//! │ or: roofline join URL · j hides this         │
//! └──────────────────────────────────────────────┘
//! ```
//!
//! Without room for the whole QR code (a cut one would not scan) the panel keeps the address
//! and the code and says so.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::layout::text_area;
use super::theme::Theme;
use crate::app::RoomMsg;
use crate::app::classroom::room::RoomInfo;
use crate::app::{App, Msg};
use crate::widgets::qr_code::QrCode;

/// Draws the panel centred in `body`.
pub fn render(app: &App, room: &RoomInfo, body: Rect, buf: &mut Buffer) {
    let theme = Theme::new(app.appearance());
    let qr = QrCode::new(&room.qr);
    let (qr_width, qr_height) = qr.size();
    let key = app
        .key_now(&Msg::Room(RoomMsg::ToggleJoinPanel))
        .unwrap_or_default();
    let hint = format!("or in a terminal: roofline join URL · [{key}] hides this");
    let open = format!("Open  {}", room.url);
    let text_width = open.chars().count().max(hint.chars().count()) as u16;
    let wanted_width = text_width.max(qr_width) + 4;
    let wanted_height = qr_height + 7;
    let with_qr = wanted_width <= body.width && wanted_height <= body.height;
    let (width, height) = if with_qr {
        (wanted_width, wanted_height)
    } else {
        (wanted_width.min(body.width), 7.min(body.height))
    };
    let area = Rect::new(
        body.x + (body.width - width) / 2,
        body.y + (body.height - height) / 2,
        width,
        height,
    );
    Clear.render(area, buf);
    theme
        .active_block(" Join from your phone or laptop ")
        .render(area, buf);
    let inner = text_area(area);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("Open  ", theme.muted()),
            Span::styled(room.url.clone(), theme.heading()),
        ]),
        Line::from(vec![
            Span::styled("Code  ", theme.muted()),
            Span::styled(room.code.clone(), theme.answer()),
        ]),
    ];
    if !with_qr {
        lines.push(Line::styled(
            "(a larger terminal shows the QR code)",
            theme.muted(),
        ));
    }
    let top = lines.len() as u16;
    Paragraph::new(lines).render(inner, buf);
    let mut y = inner.y + top + 1;
    if with_qr {
        let x = inner.x + inner.width.saturating_sub(qr_width) / 2;
        qr.render(Rect::new(x, y, qr_width, qr_height), buf);
        y += qr_height;
    }
    if y < inner.bottom() {
        Line::styled(hint, theme.muted()).render(Rect::new(inner.x, y, inner.width, 1), buf);
    }
}
