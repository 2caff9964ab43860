/**
 * Which kitchen printer prints which line (issue 28 item 5): a station is a printer with the product
 * groups it prints (pizzas to the oven, drinks to the counter). An order splits into one ticket per
 * station holding only its lines. A station that names no group takes every line no other station
 * takes; when no station takes a line at all it goes to the first station, so no dish is ever left
 * unprinted because a group was added to the menu after the printers were set up.
 */
export interface KitchenStation {
  stationId: number;
  name: string;
  /** Empty: the catch-all station. */
  productGroupIds: readonly number[];
}

/** Each station that has lines of this order, with the indexes of its lines in the order's order. */
export interface StationLines {
  station: KitchenStation;
  lineIndexes: number[];
}

export function routeLines(lineGroupIds: readonly number[], stations: readonly KitchenStation[]): StationLines[] {
  const first = stations[0];
  if (first === undefined) return [];
  const catchAll = stations.filter((station) => station.productGroupIds.length === 0);
  const byStation = new Map<number, number[]>();
  lineGroupIds.forEach((groupId, index) => {
    const named = stations.filter((station) => station.productGroupIds.includes(groupId));
    const takers = named.length > 0 ? named : catchAll.length > 0 ? catchAll : [first];
    for (const station of takers)
      byStation.set(station.stationId, [...(byStation.get(station.stationId) ?? []), index]);
  });
  return stations.flatMap((station) => {
    const lineIndexes = byStation.get(station.stationId);
    return lineIndexes ? [{ station, lineIndexes }] : [];
  });
}
