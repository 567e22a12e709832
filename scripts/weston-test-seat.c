/* A weston module that adds one seat with a keyboard and a pointer (weston --modules=PATH).
 * weston's headless backend has no input devices and so advertises no wl_seat; a kiosk
 * has its remote or keyboard. scripts/demo-smoke-wayland.sh builds and loads it so the
 * demo meets a compositor like the kiosk's. */
#include <stdlib.h>
#include <libweston/libweston.h>

/* Exported by libweston, declared only in its internal headers. */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
    struct weston_seat *seat = calloc(1, sizeof *seat);
    if (!seat)
        return -1;
    weston_seat_init(seat, compositor, "seat0");
    if (weston_seat_init_pointer(seat) < 0 || weston_seat_init_keyboard(seat, NULL) < 0)
        return -1;
    return 0;
}
