/**
 * SMPP 3.4 command_status values (section 5.1.3) and what the gateway does with each answer to a
 * submit_sm or a bind.
 */
export const SMPP_STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVMSGLEN: 0x01,
  ESME_RINVCMDLEN: 0x02,
  ESME_RINVCMDID: 0x03,
  ESME_RINVBNDSTS: 0x04,
  ESME_RALYBND: 0x05,
  ESME_RINVPRTFLG: 0x06,
  ESME_RINVREGDLVFLG: 0x07,
  ESME_RSYSERR: 0x08,
  ESME_RINVSRCADR: 0x0a,
  ESME_RINVDSTADR: 0x0b,
  ESME_RINVMSGID: 0x0c,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RINVSYSID: 0x0f,
  ESME_RMSGQFUL: 0x14,
  ESME_RINVSERTYP: 0x15,
  ESME_RINVESMCLASS: 0x43,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RINVSRCTON: 0x48,
  ESME_RINVSRCNPI: 0x49,
  ESME_RINVDSTTON: 0x50,
  ESME_RINVDSTNPI: 0x51,
  ESME_RINVSYSTYP: 0x53,
  ESME_RTHROTTLED: 0x58,
  ESME_RINVSCHED: 0x61,
  ESME_RINVEXPIRY: 0x62,
  ESME_RX_T_APPN: 0x64,
  ESME_RX_P_APPN: 0x65,
  ESME_RX_R_APPN: 0x66,
  ESME_RINVTLVSTREAM: 0xc0,
  ESME_RTLVNOTALLWD: 0xc1,
  ESME_RINVTLVLEN: 0xc2,
  ESME_RMISSINGTLV: 0xc3,
  ESME_RINVTLVVAL: 0xc4,
  ESME_RDELIVERYFAILURE: 0xfe,
  ESME_RUNKNOWNERR: 0xff,
} as const;
export type SmppStatusName = keyof typeof SMPP_STATUS;

const NAMES = new Map<number, SmppStatusName>(Object.entries(SMPP_STATUS).map(([name, code]) => [code, name as SmppStatusName]));

const TEXTS: Partial<Record<SmppStatusName, string>> = {
  ESME_RINVMSGLEN: 'Message length is invalid',
  ESME_RINVBNDSTS: 'Not bound for submitting',
  ESME_RSYSERR: 'SMSC system error',
  ESME_RINVSRCADR: 'Invalid sender address',
  ESME_RINVDSTADR: 'Invalid destination address',
  ESME_RBINDFAIL: 'The SMSC refused the bind',
  ESME_RINVPASWD: 'The SMSC refused the password',
  ESME_RINVSYSID: 'The SMSC refused the system ID',
  ESME_RMSGQFUL: 'SMSC message queue full',
  ESME_RINVESMCLASS: 'Invalid esm_class',
  ESME_RSUBMITFAIL: 'The SMSC refused the message',
  ESME_RINVSRCTON: 'Invalid sender TON',
  ESME_RINVSRCNPI: 'Invalid sender NPI',
  ESME_RINVDSTTON: 'Invalid destination TON',
  ESME_RINVDSTNPI: 'Invalid destination NPI',
  ESME_RINVSYSTYP: 'The SMSC refused the system type',
  ESME_RTHROTTLED: 'Throttled by the SMSC',
  ESME_RX_T_APPN: 'Temporary rejection by the SMSC',
  ESME_RX_P_APPN: 'Permanent rejection by the SMSC',
  ESME_RX_R_APPN: 'Rejected by the SMSC',
  ESME_RDELIVERYFAILURE: 'Delivery failure',
  ESME_RUNKNOWNERR: 'Unknown SMSC error',
};

/** 'ESME_RINVDSTADR', or '0x00000401' for a status SMPP 3.4 does not name (vendor codes). */
export function statusCode(status: number): string {
  return NAMES.get(status) ?? `0x${status.toString(16).padStart(8, '0')}`;
}

/** A readable sentence for a status, for errorText and logs. */
export function statusText(status: number): string {
  const name = NAMES.get(status);
  return (name && TEXTS[name]) ?? `SMSC error ${statusCode(status)}`;
}

/**
 * What a submit_sm answer means for the message:
 * - ok: accepted.
 * - throttle (ESME_RTHROTTLED, ESME_RMSGQFUL): the SMSC is asking us to slow down; the gateway
 *   pauses, shrinks its window and resubmits the same part.
 * - transient (system error, temporary application error, not bound, unknown error, delivery
 *   failure of data_sm): `retry` later with backoff.
 * - permanent: everything else, including ESME_RSUBMITFAIL (a generic refusal: resubmitting it
 *   blindly would loop; the engine pauses a campaign after repeated errors) and statuses SMPP 3.4
 *   does not name (vendor codes 0x400-0x4FF): `failed` with the code.
 */
export type SubmitVerdict = 'ok' | 'throttle' | 'transient' | 'permanent';

const THROTTLE = new Set<number>([SMPP_STATUS.ESME_RTHROTTLED, SMPP_STATUS.ESME_RMSGQFUL]);
const TRANSIENT = new Set<number>([
  SMPP_STATUS.ESME_RSYSERR,
  SMPP_STATUS.ESME_RX_T_APPN,
  SMPP_STATUS.ESME_RINVBNDSTS,
  SMPP_STATUS.ESME_RUNKNOWNERR,
  SMPP_STATUS.ESME_RDELIVERYFAILURE,
]);

/** Classifies a submit_sm_resp (or generic_nack) status. */
export function submitVerdict(status: number): SubmitVerdict {
  if (status === SMPP_STATUS.ESME_ROK) return 'ok';
  if (THROTTLE.has(status)) return 'throttle';
  if (TRANSIENT.has(status)) return 'transient';
  return 'permanent';
}

/**
 * Bind refusals that mean "never, as configured" (GatewayUnusable): wrong credentials, refused
 * system type, or an SMSC that does not know bind_transceiver (SMPP 3.3). Any other refusal is
 * treated as transient and retried with backoff.
 */
const UNUSABLE_BIND = new Set<number>([
  SMPP_STATUS.ESME_RINVPASWD,
  SMPP_STATUS.ESME_RINVSYSID,
  SMPP_STATUS.ESME_RBINDFAIL,
  SMPP_STATUS.ESME_RINVSYSTYP,
  SMPP_STATUS.ESME_RINVCMDID,
]);

/** True when a bind_transceiver_resp status means the settings will never work. */
export function isUnusableBind(status: number): boolean {
  return UNUSABLE_BIND.has(status);
}
