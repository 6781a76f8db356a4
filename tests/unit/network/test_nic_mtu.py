"""The MTU and addresses of a port: TrueNAS's interface.query row (the standalone host builds the same) → profile."""
from tuning.box.profile import nic_mtu
from tuning_host.appliance.interface import interface_entry
from tuning_host.backends.openzfs_parse import parse_ip_addresses


def test_the_mtu_in_effect_comes_from_state():
    assert nic_mtu({'mtu': None, 'state': {'mtu': 9000}}) == 9000
    assert nic_mtu({'mtu': 1500, 'state': {}}) == 1500
    assert nic_mtu({'state': {'mtu': None}}) is None
    assert nic_mtu({'state': {'mtu': True}}) is None


def test_the_hosts_interface_rows_carry_mtu_and_addresses():
    row = interface_entry({'name': 'eno1', 'link_up': True, 'speed_mbps': 1000, 'mtu': 9000, 'mac': None,
                           'addresses': [{'type': 'INET', 'address': '127.0.0.1', 'netmask': 8}]})
    assert nic_mtu(row) == 9000
    assert row['state']['aliases'] == [{'type': 'INET', 'address': '127.0.0.1', 'netmask': 8}]
    assert interface_entry({'name': 'eno2', 'link_up': False, 'speed_mbps': None, 'mtu': 1500})['state']['aliases'] == []


def test_the_openzfs_hosts_addresses_come_from_ip_json():
    text = ('[{"ifindex":1,"ifname":"lo","addr_info":[{"family":"inet","local":"127.0.0.1","prefixlen":8},'
            '{"family":"inet6","local":"::1","prefixlen":128}]},'
            '{"ifindex":2,"ifname":"ens3","addr_info":[{"family":"inet","local":"192.168.1.10","prefixlen":24},'
            '{"family":"inet6","local":"fe80::5054:ff:fe12:3456","prefixlen":64}]},{"ifindex":3,"ifname":"ens4"}]')
    assert parse_ip_addresses(text) == {
        'lo': [{'type': 'INET', 'address': '127.0.0.1', 'netmask': 8},
               {'type': 'INET6', 'address': '::1', 'netmask': 128}],
        'ens3': [{'type': 'INET', 'address': '192.168.1.10', 'netmask': 24},
                 {'type': 'INET6', 'address': 'fe80::5054:ff:fe12:3456', 'netmask': 64}],
        'ens4': []}
    assert parse_ip_addresses('') == parse_ip_addresses('not json') == {}
