/**
 * Minimal types for the parts of the `smpp` package (0.5.1, no bundled types) that the gateway,
 * the test peer and the benchmark use. PDU fields are the SMPP 3.4 parameter names.
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  /** One PDU; fields of the command are plain properties (TLVs too, by their SMPP name). */
  export interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    message_id?: string;
    source_addr_ton?: number;
    source_addr_npi?: number;
    source_addr?: string;
    dest_addr_ton?: number;
    dest_addr_npi?: number;
    destination_addr?: string;
    esm_class?: number;
    registered_delivery?: number;
    data_coding?: number;
    schedule_delivery_time?: string | Date;
    /** Raw octets: the gateway switches the library's text decoding off (raw-short-message.ts). */
    short_message?: Buffer;
    message_payload?: Buffer;
    receipted_message_id?: string;
    message_state?: number;
    network_error_code?: Buffer;
    sar_msg_ref_num?: number;
    sar_total_segments?: number;
    sar_segment_seqnum?: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
    toBuffer(): Buffer;
  }

  export interface PduConstructor {
    new (command: string, options?: Record<string, unknown>): Pdu;
  }

  /** One SMPP connection (client side from connect(), server side from createServer()). */
  export interface Session extends EventEmitter {
    socket: Socket;
    /** Writes a PDU (assigning its sequence_number); false when the socket is not writable. */
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void, sendCallback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }

  export interface SmppServer extends NetServer {
    sessions: Session[];
  }

  export interface ConnectOptions {
    host: string;
    port: number;
    tls?: boolean;
    /** Passed through to net/tls.connect. */
    [option: string]: unknown;
  }

  interface CommandDefinition {
    params?: Record<string, { filter?: unknown }>;
  }

  interface SmppModule {
    PDU: PduConstructor;
    connect(options: ConnectOptions, listener?: () => void): Session;
    createServer(options: Record<string, unknown>, listener?: (session: Session) => void): SmppServer;
    commands: Record<string, CommandDefinition>;
    tlvs: Record<string, { filter?: unknown }>;
    /** ESME_R* name -> command_status. */
    errors: Record<string, number>;
  }

  const smpp: SmppModule;
  export default smpp;
}
