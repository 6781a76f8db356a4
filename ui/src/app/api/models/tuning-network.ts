// The API's shapes of middleware/tuning/network_models.py, from the generated types (scripts/gen-api-types.py): the
// network ceiling measured with iperf3.
import * as api from './generated/api-types.generated';

/** `CLIENT_TO_BOX`: the client sends, the box receives (writing to a share); `BOX_TO_CLIENT`: `iperf3 -R`. */
export type NetworkDirection = api.TuningNetworkMeasurement['direction'];
/** `tuning.network.measure` options; unset fields take the server's defaults. */
export type NetworkMeasureOptions = api.TuningNetworkMeasureOptions;
export type NetworkMeasurement = api.TuningNetworkMeasurement;
export type NetworkResult = api.TuningNetworkEntry;
