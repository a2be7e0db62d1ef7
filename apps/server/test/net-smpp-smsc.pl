#!/usr/bin/perl
# An SMSC on another SMPP implementation than ours: Perl's Net::SMPP (Debian libnet-smpp-perl).
# Interoperability tests and the replies benchmark run campaigns against it (net-smpp-smsc.ts
# starts it). It answers every submit_sm, sends a delivery receipt for each, and makes every k-th
# recipient (by the number's last digits) answer with a text at once: right after the
# submit_sm_resp, or for a share of them just before it. Receipts wait in a pool and leave in
# random order; a share of them even before their submit_sm_resp. Every connection is served by
# one select loop, so several binds (one per worker process) share the counters. As a real SMSC
# does, a deliver_sm not acknowledged with ESME_ROK (answered with an error, or left unanswered
# on a connection that dropped) is delivered again a second later on a bound connection; receipts
# still waiting in a dropped connection's pool are delivered elsewhere too, unless
# --lose-receipts-on-drop (an SMSC that ties receipts to the bind that submitted).
#
#   perl net-smpp-smsc.pl [--port 0] [--system-id test] [--password secret] [--reply-every 10]
#                         [--reply-text YES] [--reply-first 0.3] [--receipt-first 0.05] [--seed 1]
#                         [--lose-receipts-on-drop] [--receipt-log FILE]
#
# Prints {"port":N} when listening. On SIGTERM or SIGINT prints
# {"submits":..,"replies":..,"receipts":..,"binds":..,"recipients":..,"repliers":..,"redelivered":..,"lostReceipts":..}
# and exits (recipients: distinct numbers submitted to; repliers: distinct numbers that answered;
# redelivered: deliver_sm sent again; lostReceipts: receipts dropped with their connection).
# --receipt-log FILE: on stop, writes each receipt's message id and the time (epoch seconds) its
# deliver_sm was first written to the socket, one "id<TAB>time" a line (bench/replies measures
# from it).
use strict;
use warnings;
use Getopt::Long;
use Time::HiRes qw(time);
use IO::Select;
use List::Util qw(shuffle);
use POSIX qw(strftime);
use Socket qw(IPPROTO_TCP TCP_NODELAY);
use Net::SMPP;

my %opt = (port => 0, 'system-id' => 'test', password => 'secret', 'reply-every' => 10, 'reply-text' => 'YES',
           'reply-first' => 0.3, 'receipt-first' => 0.05, seed => 1, 'lose-receipts-on-drop' => 0, 'receipt-log' => '');
GetOptions(\%opt, 'port=i', 'system-id=s', 'password=s', 'reply-every=i', 'reply-text=s', 'reply-first=f',
           'receipt-first=f', 'seed=i', 'lose-receipts-on-drop', 'receipt-log=s') or die "bad options\n";
srand($opt{seed});
$| = 1;

my $listener = Net::SMPP->new_listen('127.0.0.1', port => $opt{port}, smpp_version => 0x34, listen => 16)
  or die "cannot listen: $!\n";
my $select = IO::Select->new($listener);
my %bound;          # connection -> 1 once bound
my %pool;           # connection -> receipts waiting to be sent (each a deliver_sm argument list)
my %stats = (submits => 0, replies => 0, receipts => 0, binds => 0, redelivered => 0, lost_receipts => 0);
my %out;            # connection -> { seq -> [kind, deliver_sm arguments] } not acknowledged yet
my @again;          # [kind, arguments, not before] to deliver again on a bound connection
my %submitted;      # destination -> submits to it (a number submitted twice is a duplicate)
my %answered;       # destination -> 1 once it answered
my $next_id = 7_000_000;
my %receipt_sent;   # message id -> time its receipt was first written (--receipt-log)

sub summary_and_exit {
  if ($opt{'receipt-log'}) {
    open(my $log, '>', $opt{'receipt-log'}) or die "cannot write $opt{'receipt-log'}: $!\n";
    printf $log "%s\t%.6f\n", $_, $receipt_sent{$_} for keys %receipt_sent;
    close $log;
  }
  printf "{\"submits\":%d,\"replies\":%d,\"receipts\":%d,\"binds\":%d,\"recipients\":%d,\"repliers\":%d,\"redelivered\":%d,\"lostReceipts\":%d}\n",
    @stats{qw(submits replies receipts binds)}, scalar(keys %submitted), scalar(keys %answered), @stats{qw(redelivered lost_receipts)};
  exit 0;
}
$SIG{TERM} = \&summary_and_exit;
$SIG{INT} = \&summary_and_exit;
$SIG{PIPE} = 'IGNORE';

print "{\"port\":" . $listener->sockport . "}\n";

# Sends one deliver_sm and remembers it until its deliver_sm_resp says ESME_ROK.
sub deliver {
  my ($c, $kind, $args) = @_;
  my $seq = $c->deliver_sm(@$args, async => 1);
  $out{$c}{$seq} = [$kind, $args];
  if ($kind eq 'receipt' && $opt{'receipt-log'}) {
    my %fields = @$args;
    my ($id) = $fields{short_message} =~ /^id:(\S+)/;
    $receipt_sent{$id} //= time;
  }
}

# What was in flight on a connection, or refused, goes again a second later (receipts still in the
# pool too, unless they are lost with the connection).
sub again {
  my ($kind, $args) = @_;
  if ($kind eq 'receipt' && $opt{'lose-receipts-on-drop'}) { $stats{lost_receipts}++; return; }
  push @again, [$kind, $args, time + 1];
}

sub drop {
  my ($c) = @_;
  $select->remove($c);
  delete $bound{$c};
  again(@$_) for values %{ $out{$c} || {} };
  again('receipt', $_) for @{ $pool{$c} || [] };
  delete $out{$c};
  delete $pool{$c};
  close $c;
}

sub deliver_again {
  return unless @again;
  my ($c) = grep { $bound{$_} } $select->handles;
  return unless $c;
  my $now = time;
  my @later;
  for my $entry (@again) {
    if ($entry->[2] > $now) { push @later, $entry; next; }
    deliver($c, $entry->[0], $entry->[1]);
    $stats{redelivered}++;
  }
  @again = @later;
}

# The SMSC's clock, as real receipts carry it: minutes only (SMPP 3.4 appendix B).
sub receipt_args {
  my ($submit, $id) = @_;
  my $now = strftime('%y%m%d%H%M', gmtime);
  return (
    source_addr_ton => $submit->{dest_addr_ton}, source_addr_npi => $submit->{dest_addr_npi}, source_addr => $submit->{destination_addr},
    dest_addr_ton => $submit->{source_addr_ton}, dest_addr_npi => $submit->{source_addr_npi}, destination_addr => $submit->{source_addr},
    esm_class => 0x04, data_coding => 0,
    short_message => "id:$id sub:001 dlvr:001 submit date:$now done date:$now stat:DELIVRD err:000 text:",
  );
}

# What the recipient answers: from their number to the sender ID the campaign used.
sub reply_args {
  my ($submit) = @_;
  return (
    source_addr_ton => 1, source_addr_npi => 1, source_addr => $submit->{destination_addr},
    dest_addr_ton => $submit->{source_addr_ton}, dest_addr_npi => $submit->{source_addr_npi}, destination_addr => $submit->{source_addr},
    esm_class => 0x00, data_coding => 0, short_message => $opt{'reply-text'},
  );
}

sub send_receipts {
  my ($c, $all) = @_;
  my @waiting = shuffle(@{ $pool{$c} || [] });
  # Leave a few behind now and then, so receipts of one burst also mix with the next one's.
  my $keep = $all ? 0 : int(@waiting / 4);
  $pool{$c} = [splice(@waiting, 0, $keep)];
  deliver($c, 'receipt', $_) for @waiting;
}

sub on_submit {
  my ($c, $pdu) = @_;
  $stats{submits}++;
  $submitted{ $pdu->{destination_addr} }++;
  my $id = sprintf('%X', $next_id++);
  my ($digits) = ($pdu->{destination_addr} =~ /(\d{1,9})$/);
  my $replies = $opt{'reply-every'} > 0 && defined $digits && $digits % $opt{'reply-every'} == 0;
  $answered{ $pdu->{destination_addr} } = 1 if $replies;
  my @receipt = receipt_args($pdu, $id);
  $stats{receipts}++;
  if (rand() < $opt{'receipt-first'}) {
    deliver($c, 'receipt', \@receipt);
  } else {
    push @{ $pool{$c} }, \@receipt;
  }
  $stats{replies}++ if $replies;
  if ($replies && rand() < $opt{'reply-first'}) {
    deliver($c, 'reply', [reply_args($pdu)]);
    $replies = 0;
  }
  $c->submit_sm_resp(message_id => $id, seq => $pdu->{seq});
  deliver($c, 'reply', [reply_args($pdu)]) if $replies;
}

sub on_pdu {
  my ($c, $pdu) = @_;
  my $cmd = $pdu->{cmd};
  if ($cmd == 0x00000009) {    # bind_transceiver
    my $ok = $pdu->{system_id} eq $opt{'system-id'} && $pdu->{password} eq $opt{password};
    $c->bind_transceiver_resp(system_id => 'NETSMPP', seq => $pdu->{seq}, status => $ok ? 0 : 0x0E);
    if ($ok) { $bound{$c} = 1; $stats{binds}++; }
  } elsif ($cmd == 0x00000004) {
    return $c->generic_nack(seq => $pdu->{seq}, status => 0x04) unless $bound{$c};    # ESME_RINVBNDSTS
    on_submit($c, $pdu);
  } elsif ($cmd == 0x00000015) {
    $c->enquire_link_resp(seq => $pdu->{seq});
  } elsif ($cmd == 0x00000006) {
    send_receipts($c, 1);
    $c->unbind_resp(seq => $pdu->{seq});
    drop($c);
  } elsif ($cmd == 0x80000005 || $cmd == 0x80000000) {
    # deliver_sm_resp (or generic_nack): acknowledged, or to deliver again.
    my $sent = delete $out{$c}{ $pdu->{seq} };
    again(@$sent) if $sent && $pdu->{status} != 0;
  } elsif ($cmd & 0x80000000) {
    # enquire_link_resp: nothing to do.
  } else {
    $c->generic_nack(seq => $pdu->{seq}, status => 0x03);    # ESME_RINVCMDID
  }
}

while (1) {
  my @ready = $select->can_read(0.01);
  for my $c (@ready) {
    if ($c == $listener) {
      my $accepted = $listener->accept or next;
      setsockopt($accepted, IPPROTO_TCP, TCP_NODELAY, 1);
      $select->add($accepted);
      $pool{$accepted} = [];
      next;
    }
    # Up to a window's worth of what is waiting on this connection, then the others get a turn.
    my $mine = IO::Select->new($c);
    for (1 .. 200) {
      my $pdu = $c->read_pdu();
      if (!$pdu) { drop($c); last; }
      on_pdu($c, $pdu);
      last if !$select->exists($c) || !$mine->can_read(0);
    }
  }
  # Between bursts: what waited goes out, shuffled.
  for my $c ($select->handles) {
    next if $c == $listener || !$pool{$c} || !@{ $pool{$c} };
    send_receipts($c, !@ready);
  }
  deliver_again();
}
