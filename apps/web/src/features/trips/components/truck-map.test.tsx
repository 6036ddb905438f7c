import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestStore, TestProviders } from '../../../test/render';
import { TruckMap } from './truck-map';

const NOTICE = 'The street map could not load. State outlines are shown.';

/** jsdom lays nothing out: give the map a real size, so it asks for a screenful of tiles, not one. */
function sizeTheMap(width = 640, height = 420) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
}

async function renderMap() {
  render(
    <TestProviders store={createTestStore()}>
      <TruckMap
        settings={{ tileUrl: 'https://tiles.example.ng/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' }}
        markers={[{ id: 'a', position: [6.45, 3.39], color: 'blue', label: 'LSR 123 XY' }]}
        height={420}
        label="Map of trucks"
      />
    </TestProviders>,
  );
  const map = await screen.findByRole('region', { name: 'Map of trucks' });
  const tiles = await waitFor(() => {
    const found = [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  return { map, tiles };
}

describe('the truck map without its street tiles', () => {
  it("always draws Nigeria's states under the trucks and credits where the outlines come from", async () => {
    const { map } = await renderMap();
    const pane = map.querySelector<HTMLElement>('.leaflet-state-outlines-pane')!;
    // The 36 states and the FCT, one path each, drawn even while the tiles are fine.
    await waitFor(() => expect(pane.querySelectorAll('path.state-outline')).toHaveLength(37));
    // Between the tiles (200) and the route and pins (400, 600), and never in the way of a click.
    expect(Number(pane.style.zIndex)).toBeGreaterThan(200);
    expect(Number(pane.style.zIndex)).toBeLessThan(400);
    expect(pane.querySelector('path.leaflet-interactive')).toBeNull();
    expect(within(map).getByRole('link', { name: 'Natural Earth' })).toHaveAttribute(
      'href',
      'https://www.naturalearthdata.com/',
    );
    expect(within(map).getByRole('img', { name: 'LSR 123 XY' })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(map.querySelector('.state-name')).toBeNull();
  });

  it('says so after a few tiles fail with none loading, and takes it back once a tile loads', async () => {
    sizeTheMap();
    const { map, tiles } = await renderMap();
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    // One or two failures are a hiccup of a slow network, not a missing street map.
    fireEvent.error(tiles[0]!);
    fireEvent.error(tiles[1]!);
    expect(screen.queryByText(NOTICE)).toBeNull();
    fireEvent.error(tiles[2]!);
    const status = within(map).getByRole('status');
    expect(await within(status).findByText(NOTICE)).toBeVisible();
    // With nothing else to read, the land is filled and the states are named.
    const pane = map.querySelector<HTMLElement>('.leaflet-state-outlines-pane')!;
    expect(pane.querySelector('path.state-outline')).not.toHaveAttribute('fill', 'none');
    const names = map.querySelector<HTMLElement>('.leaflet-state-names-pane')!;
    expect(within(names).getByText('Lagos')).toBeInTheDocument();
    expect(within(names).getByText('FCT')).toBeInTheDocument();
    // Above the filled land, under the route and the trucks.
    expect(Number(names.style.zIndex)).toBeGreaterThan(Number(pane.style.zIndex));
    expect(Number(names.style.zIndex)).toBeLessThan(400);

    fireEvent.load(tiles[3]!);
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
    expect(pane.querySelector('path.state-outline')).toHaveAttribute('fill', 'none');
    expect(within(names).queryByText('Lagos')).toBeNull();
  });

  it('does not cry wolf when a failed tile is among loaded ones', async () => {
    sizeTheMap();
    const { map, tiles } = await renderMap();
    fireEvent.load(tiles[0]!);
    for (const tile of tiles.slice(1)) fireEvent.error(tile);
    expect(screen.queryByText(NOTICE)).toBeNull();
    // The outlines keep their light look over the tiles that did come.
    const pane = map.querySelector<HTMLElement>('.leaflet-state-outlines-pane')!;
    expect(pane.querySelector('path.state-outline')).toHaveAttribute('fill', 'none');
    expect(map.querySelector('.state-name')).toBeNull();
  });

  it('says so on a small map whose every tile failed, and can be dismissed', async () => {
    const user = userEvent.setup();
    const { tiles } = await renderMap();
    for (const tile of tiles) fireEvent.error(tile);
    expect(await screen.findByText(NOTICE)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
