// Input: what the user did, as plain Swift values in canvas points.
//
// What this module does:
// - `InputEvent` (keys, pointer, wheel, controller buttons, axes, touch surface,
//   gyroscope) and `TimedEvent`, the one event type every component handles;
// - replay files: JSON lines of timed events, written and read back (`Replay`);
// - `RemoteTilt`: a controller's touch surface and gyroscope as a card's tilt.
//
// What this module does NOT do: talk to SDL (Platform produces `InputEvent`s with
// `PlatformEvent.inputEvent(mapping:)`), map window points (LayerMath's
// `WindowToCanvas` does), or decide what an event means to a component.
