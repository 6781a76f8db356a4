"""The MTU and addresses of a port: TrueNAS's interface.query row (the standalone host builds the same) → profile."""
from tuning.box.profile import nic_mtu
from tuning_host.appliance.interface import interface_entry


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
