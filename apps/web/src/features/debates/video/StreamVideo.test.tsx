import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { StreamVideo } from './StreamVideo';

/** The tile's placeholder (what covers the video), its tags dropped; null when the video shows. */
function placeholderOf(html: string): string | null {
  const start = html.indexOf('data-testid="camera-off"');
  if (start < 0) return null;
  const end = html.indexOf('</div>', start);
  return html
    .slice(html.indexOf('>', start) + 1, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('a call tile', () => {
  it('shows the video of a person who sends it', () => {
    const html = renderToStaticMarkup(<StreamVideo stream={null} isMuted={false} label="Judge camera" name="Kim" />);
    expect(placeholderOf(html)).toBeNull();
  });

  it('covers the video of a person whose camera is off with their name', () => {
    const html = renderToStaticMarkup(
      <StreamVideo stream={null} isMuted={false} label="Judge camera" name="Kim" isCameraOn={false} />,
    );
    expect(placeholderOf(html)).toBe('K Kim Camera off');
  });

  it('covers the video of a person who sends none now with their name and why, their camera on or off', () => {
    const line = 'Audio only: video shows the speaker';
    for (const isCameraOn of [true, false]) {
      const html = renderToStaticMarkup(
        <StreamVideo
          stream={null}
          isMuted={false}
          label="Judge camera"
          name="Kim"
          isCameraOn={isCameraOn}
          audioOnly={line}
        />,
      );
      expect(placeholderOf(html)).toBe(`K Kim ${line}`);
    }
  });
});
