export interface DeliveryTile {
  key: string;
  name: string;
  lines: string[];
}

/**
 * The spec's three delivery tiles side by side (shipping, pickup, delivery), the first one
 * highlighted as the chosen way; the product page and the cart give their own texts. Plain
 * elements styled by app/shop.css (`.dk-tiles`).
 */
export function DeliveryTiles({ tiles }: { tiles: readonly DeliveryTile[] }) {
  return (
    <ul className="dk-tiles">
      {tiles.map((tile) => (
        <li key={tile.key}>
          <p className="dk-tiles__name">{tile.name}</p>
          {tile.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </li>
      ))}
    </ul>
  );
}
