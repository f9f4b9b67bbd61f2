import "leaflet/dist/leaflet.css";
import { Alert, Button, Group, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import L from "leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { type GeoPlace, MAP_BOUNDS, MAP_ZOOM, MAP_ZOOM_MARKER, type MapConfig } from "#shared/geo/municipalities";
import classes from "./map-picker.module.css";

// Leaflet looks for its marker images next to its CSS; bundled, they must be handed over explicitly.
const icon = new L.Icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export interface LatLng {
  lat: number;
  lng: number;
}

interface Props {
  config: MapConfig;
  value: LatLng | null | undefined;
  /** Where to look without a marker, e.g. the municipality's centre. */
  center: LatLng;
  onPick(point: LatLng): void;
  /** A found address for the picked point (address search or reverse geocoding). */
  onAddress?(label: string): void;
  search?(q: string): Promise<GeoPlace[]>;
  reverse?(point: LatLng): Promise<GeoPlace | null>;
  readOnly?: boolean;
  error?: string;
  height?: number;
  /** The map's name for screen readers; by default it says how to pick a point. */
  label?: string;
}

function ClickToPick({ onPick }: { onPick(p: LatLng): void }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

/** Follows the marker or, without one, the suggested centre. */
function Follow({ point, zoom }: { point: LatLng; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([point.lat, point.lng], zoom);
  }, [map, point.lat, point.lng, zoom]);
  return null;
}

function KeyboardCentre({ onPick, label, invalid }: { onPick(p: LatLng): void; label: string; invalid: boolean }) {
  const map = useMap();
  return (
    <Button
      // A missing place is corrected here: a refused submit focuses the first field marked invalid.
      data-invalid={invalid || undefined}
      variant="default"
      size="xs"
      onClick={() => {
        const c = map.getCenter();
        onPick({ lat: c.lat, lng: c.lng });
      }}
      style={{ position: "absolute", zIndex: 1000, bottom: 8, left: 8 }}
    >
      {label}
    </Button>
  );
}

/**
 * A map bounded to Sweden and Norway on which one point is chosen: by clicking, by address search (through
 * our server), or by keyboard (the button puts the marker in the middle of the map).
 */
export default function MapPicker({
  config,
  value,
  center,
  onPick,
  onAddress,
  search,
  reverse,
  readOnly,
  error,
  height = 320,
  label,
}: Props) {
  const { t, i18n } = useTranslation();
  const fmt = coordinates(i18n.language);
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<GeoPlace[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchFailed, setSearchFailed] = useState(false);
  const canSearch = config.geocoder && !!search && !readOnly;

  const pick = async (point: LatLng) => {
    if (readOnly) return;
    onPick(point);
    if (config.geocoder && reverse && onAddress) {
      try {
        const place = await reverse(point);
        if (place) onAddress(place.label);
      } catch {
        // Without an address the point itself is still chosen.
      }
    }
  };

  const runSearch = async () => {
    if (!search || query.trim().length < 2) return;
    setSearching(true);
    setSearchFailed(false);
    try {
      setResults(await search(query.trim()));
    } catch {
      setResults(null);
      setSearchFailed(true);
    } finally {
      setSearching(false);
    }
  };

  const focus = value ?? center;
  return (
    <Stack gap="xs">
      {canSearch && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t("events.map.search")}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void runSearch();
              }
            }}
            style={{ flex: 1 }}
            type="search"
          />
          <Button variant="default" onClick={runSearch} loading={searching}>
            {t("events.map.searchButton")}
          </Button>
        </Group>
      )}
      {results && (
        <div aria-live="polite">
          {results.length === 0 ? (
            <Text size="sm">{t("events.map.noResults")}</Text>
          ) : (
            <ul aria-label={t("events.map.results")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {results.map((r) => (
                <li key={`${r.lat},${r.lng}`}>
                  <UnstyledButton
                    py={4}
                    fz="sm"
                    td="underline"
                    onClick={() => {
                      onPick({ lat: r.lat, lng: r.lng });
                      onAddress?.(r.label);
                      setResults(null);
                    }}
                  >
                    {r.label}
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {/* Without a geocoder there is no search to be unavailable: the map is the way, said by the hint. */}
      {searchFailed && (
        <Alert color="yellow" p="xs">
          {t("events.map.unavailable")}
        </Alert>
      )}
      {!readOnly && (
        <Text size="sm" c="dimmed">
          {t("events.map.clickHint")}
        </Text>
      )}
      <div
        className={classes.map}
        style={{ position: "relative", height, border: error ? "2px solid var(--mantine-color-error)" : undefined }}
      >
        <MapContainer
          center={[focus.lat, focus.lng]}
          zoom={value ? MAP_ZOOM_MARKER : MAP_ZOOM}
          maxBounds={MAP_BOUNDS as unknown as L.LatLngBoundsExpression}
          maxBoundsViscosity={1}
          minZoom={4}
          style={{ height: "100%", width: "100%" }}
          ref={(map) => {
            // Leaflet's container is focusable (arrow keys pan); give it a name for screen readers.
            const el = map?.getContainer();
            el?.setAttribute("role", "region");
            el?.setAttribute("aria-label", label ?? t("events.map.label"));
          }}
        >
          <TileLayer url={config.tileUrl} attribution={config.tileAttribution} />
          <Follow point={focus} zoom={value ? MAP_ZOOM_MARKER : MAP_ZOOM} />
          {!readOnly && <ClickToPick onPick={pick} />}
          {value && <Marker position={[value.lat, value.lng]} icon={icon} alt={t("events.map.picked", fmt(value))} />}
          {!readOnly && <KeyboardCentre onPick={pick} label={t("events.map.placeAtCentre")} invalid={Boolean(error)} />}
        </MapContainer>
      </div>
      <Text size="sm" aria-live="polite" c={error ? "red" : undefined}>
        {error ?? (value ? t("events.map.picked", fmt(value)) : t("events.map.notPicked"))}
      </Text>
    </Stack>
  );
}

/**
 * A point as people read it: six decimals, with a decimal comma in Swedish (`57,685900`).
 * Not `lng`: i18next reads that option as the language to translate into.
 */
function coordinates(language: string) {
  const number = new Intl.NumberFormat(language === "en" ? "en-GB" : "sv-SE", {
    minimumFractionDigits: 6,
    maximumFractionDigits: 6,
    useGrouping: false,
  });
  return (p: LatLng) => ({ latitude: number.format(p.lat), longitude: number.format(p.lng) });
}
